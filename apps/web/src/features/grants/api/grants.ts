import {
  type TGrant,
  type TPortfolioQuery,
  type TSaveTranchesRequest,
  type TUpdateGrantRequest,
  ZGrant,
  ZGrants,
  ZPortfolio,
  ZTranches,
} from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFrom } from '../../../lib/save-file';

const keys = {
  all: ['grants'] as const,
  call: (callId: string) => ['grants', 'call', callId] as const,
  mine: ['grants', 'mine'] as const,
  one: (grantId: string) => ['grants', 'one', grantId] as const,
  tranches: (grantId: string) => ['grants', 'tranches', grantId] as const,
};

/** A call's grants (admin). */
export function useCallGrants(callId: string) {
  return useQuery({
    queryKey: keys.call(callId),
    queryFn: async () => ZGrants.parse(await apiRequest('Grant/GetGrants', { query: { callId } })),
  });
}

/** The grants of the caller's organizations, once their letters are sent. */
export function useMyGrants() {
  return useQuery({
    queryKey: keys.mine,
    queryFn: async () => ZGrants.parse(await apiRequest('Grant/GetMyGrants')),
  });
}

export function useGrant(grantId: string) {
  return useQuery({
    queryKey: keys.one(grantId),
    queryFn: async () => ZGrant.parse(await apiRequest('Grant/GetGrant', { query: { grantId } })),
  });
}

/** Every grant list and view shows the changed grant at once. */
function useGrantMutation<B>(path: string, method: 'POST' | 'PUT' = 'POST') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => ZGrant.parse(await apiRequest(path, { method, body })),
    onSuccess: (grant: TGrant) => {
      queryClient.setQueryData(keys.one(grant.id), grant);
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

export const useUpdateGrant = () => useGrantMutation<TUpdateGrantRequest>('Grant/UpdateGrant', 'PUT');
export const useSendAwardLetter = () => useGrantMutation<{ grantId: string }>('Grant/SendAwardLetter');
export const useAcceptAward = () =>
  useGrantMutation<{ grantId: string; fullName: string; conditionsAccepted: boolean; letterHash?: string | undefined }>(
    'Grant/AcceptAward',
  );
export const useDeclineAward = () =>
  useGrantMutation<{ grantId: string; reason: string; letterHash?: string | undefined }>('Grant/DeclineAward');

/** The award letter's PDF (as sent; for an admin, a preview of a draft). */
export function downloadAwardLetter(grantId: string, fileName: string) {
  return downloadFrom('Grant/GetAwardLetter', { grantId }, fileName);
}

/** A grant's payments, each pending, payable or paid. */
export function useTranches(grantId: string) {
  return useQuery({
    queryKey: keys.tranches(grantId),
    queryFn: async () => ZTranches.parse(await apiRequest('Grant/GetTranches', { query: { grantId } })),
  });
}

function useTranchesMutation<B>(grantId: string, path: string, method: 'POST' | 'PUT') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => ZTranches.parse(await apiRequest(path, { method, body })),
    onSuccess: (tranches) => queryClient.setQueryData(keys.tranches(grantId), tranches),
  });
}

export const useSaveTranches = (grantId: string) =>
  useTranchesMutation<TSaveTranchesRequest>(grantId, 'Grant/SaveTranches', 'PUT');
export const useMarkTranchePaid = (grantId: string) =>
  useTranchesMutation<{ trancheId: string; paidAt: string; paymentReference: string }>(
    grantId,
    'Grant/MarkTranchePaid',
    'POST',
  );

/** A call's tranches for the accounting office. */
export function downloadTranches(callId: string, format: 'csv' | 'xlsx', fileName: string) {
  return downloadFrom('Grant/ExportTranches', { callId, format }, fileName);
}

const portfolioQuery = (filters: TPortfolioQuery) =>
  Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

/** Grants across calls, filtered (admin). */
export function usePortfolio(filters: TPortfolioQuery) {
  return useQuery({
    queryKey: ['grants', 'portfolio', filters],
    queryFn: async () => ZPortfolio.parse(await apiRequest('Report/GetPortfolio', { query: portfolioQuery(filters) })),
  });
}

export function downloadPortfolio(filters: TPortfolioQuery, format: 'csv' | 'xlsx') {
  return downloadFrom('Report/ExportPortfolio', { ...portfolioQuery(filters), format }, `portfolio.${format}`);
}
