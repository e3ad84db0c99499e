import { type TCallDashboard, ZCallDashboard } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET Report/GetCallDashboard: the call's figures, computed by the server. */
export function useCallDashboard(callId: string | null) {
  return useQuery({
    queryKey: reportKeys.dashboard(callId ?? ''),
    enabled: Boolean(callId),
    queryFn: async (): Promise<TCallDashboard> =>
      ZCallDashboard.parse(await apiRequest('Report/GetCallDashboard', { query: { callId: callId ?? '' } })),
  });
}

/** Recompute now (the server otherwise reuses figures up to a minute old). */
export function useRefreshDashboard(callId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      ZCallDashboard.parse(await apiRequest('Report/GetCallDashboard', { query: { callId, fresh: 'true' } })),
    onSuccess: (data) => client.setQueryData(reportKeys.dashboard(callId), data),
  });
}
