import {
  type TGrantReport,
  type TReportPlanItem,
  type TSaveReportingPlanRequest,
  ZGrantReport,
  ZGrantReports,
  ZReportingPlan,
  ZStartReportResponse,
} from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const reportKeys = {
  plan: (callId: string) => ['grants', 'reporting-plan', callId] as const,
  reports: (grantId: string) => ['grants', 'reports', grantId] as const,
};

/** A call's reporting plan (admin): the reports every grant of the call owes. */
export function useReportingPlan(callId: string) {
  return useQuery({
    queryKey: reportKeys.plan(callId),
    queryFn: async () => ZReportingPlan.parse(await apiRequest('Grant/GetReportingPlan', { query: { callId } })),
  });
}

/** Replaces the plan; the grants' reports follow it, so every grant view reads them again. */
export function useSaveReportingPlan(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSaveReportingPlanRequest): Promise<TReportPlanItem[]> =>
      ZReportingPlan.parse(await apiRequest('Grant/SaveReportingPlan', { method: 'PUT', body })),
    onSuccess: (plan) => {
      queryClient.setQueryData(reportKeys.plan(callId), plan);
      void queryClient.invalidateQueries({ queryKey: ['grants', 'reports'] });
      // A form asked for with the plan (newForm) exists now: the forms' list names it.
      void queryClient.invalidateQueries({ queryKey: ['grants', 'call-types'] });
    },
  });
}

/** The reports a grant owes, each with its due day and status (admin; the grantee's members). */
export function useGrantReports(grantId: string) {
  return useQuery({
    queryKey: reportKeys.reports(grantId),
    queryFn: async () => ZGrantReports.parse(await apiRequest('Grant/GetReports', { query: { grantId } })),
  });
}

/** Starts (or finds) the report's submission, filled in the application's wizard. */
export function useStartReport(grantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reportId: string) =>
      ZStartReportResponse.parse(await apiRequest('Grant/StartReport', { method: 'POST', body: { reportId } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.reports(grantId) }),
  });
}

/** Approves a submitted report (admin); a tranche waiting for it becomes payable. */
export function useApproveReport(grantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reportId: string): Promise<TGrantReport> =>
      ZGrantReport.parse(await apiRequest('Grant/ApproveReport', { method: 'POST', body: { reportId } })),
    onSuccess: (report) => {
      queryClient.setQueryData<TGrantReport[]>(reportKeys.reports(grantId), (all) =>
        all?.map((r) => (r.id === report.id ? report : r)),
      );
      void queryClient.invalidateQueries({ queryKey: ['grants', 'tranches', grantId] });
      void queryClient.invalidateQueries({ queryKey: ['grants', 'portfolio'] });
    },
  });
}
