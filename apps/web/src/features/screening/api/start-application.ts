import { ZUpsertSubmissionResponse } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST Call/UpsertCallSubmission once the organization is eligible: the application it opens. */
export function useStartApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { callId: string; organizationId: string }) =>
      ZUpsertSubmissionResponse.parse(await apiRequest('Call/UpsertCallSubmission', { method: 'POST', body: input })),
    // The call list shows the new application.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calls'] }),
  });
}
