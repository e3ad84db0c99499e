import { ZScreenResult } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { screeningKeys } from './keys';

/** POST Call/Screen: the selected organization's answers, judged and kept by the server. */
export function useScreen(callId: string, organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: Record<string, unknown>) =>
      ZScreenResult.parse(await apiRequest('Call/Screen', { method: 'POST', body: { callId, answers } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screeningKeys.applicant(callId, organizationId) }),
  });
}
