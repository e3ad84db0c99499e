import { type TSurveyReport, type TSurveyStepList, ZSurveyReport, ZSurveyStepList } from '@impact/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET Report/GetSurveySteps: the survey and quiz steps of a call (SPEC 2 report-list). */
export function useSurveySteps(callId: string) {
  return useQuery({
    queryKey: reportKeys.surveySteps(callId),
    queryFn: async (): Promise<TSurveyStepList> =>
      ZSurveyStepList.parse(await apiRequest('Report/GetSurveySteps', { query: { callId } })),
  });
}

/** GET Report/GetSurveyReport: every question's figures (SPEC 2 report/{callId}/{stepId}). */
export function useSurveyReport(callId: string, stepId: string, includeOpen: boolean) {
  return useQuery({
    queryKey: reportKeys.surveyReport(callId, stepId, includeOpen),
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<TSurveyReport> =>
      ZSurveyReport.parse(
        await apiRequest('Report/GetSurveyReport', { query: { callId, stepId, includeOpen: String(includeOpen) } }),
      ),
  });
}
