import { type TCallDashboard, ZCallDashboard } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET Report/GetCallDashboard: the call's figures, current (the server keeps them up to date). */
export function useCallDashboard(callId: string | null) {
  return useQuery({
    queryKey: reportKeys.dashboard(callId ?? ''),
    enabled: Boolean(callId),
    queryFn: async (): Promise<TCallDashboard> =>
      ZCallDashboard.parse(await apiRequest('Report/GetCallDashboard', { query: { callId: callId ?? '' } })),
  });
}
