import { type TScreenerInput, ZScreenerAdmin } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { screeningKeys } from './keys';

/** PUT Call/SaveScreener: null removes the screener. */
export function useSaveScreener(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (screener: TScreenerInput | null) =>
      ZScreenerAdmin.parse(await apiRequest('Call/SaveScreener', { method: 'PUT', body: { callId, screener } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screeningKeys.call(callId) }),
  });
}
