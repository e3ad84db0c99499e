import { type TRequestChangesRequest, ZChangeRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeRequestsKey, submissionKey } from '../../step-kit/api/keys';

/** POST CallSubmission/RequestChanges (admin). */
export function useRequestChanges(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<TRequestChangesRequest, 'submissionId'>) =>
      ZChangeRequest.parse(
        await apiRequest('CallSubmission/RequestChanges', { method: 'POST', body: { submissionId, ...input } }),
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: changeRequestsKey(submissionId) });
      await client.invalidateQueries({ queryKey: ['conversation'] });
    },
  });
}

/** POST CallSubmission/WithdrawChangeRequest (admin). */
export function useWithdrawChangeRequest(submissionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: string) =>
      ZChangeRequest.parse(
        await apiRequest('CallSubmission/WithdrawChangeRequest', { method: 'POST', body: { requestId } }),
      ),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: changeRequestsKey(submissionId) });
      await client.invalidateQueries({ queryKey: submissionKey(submissionId) });
    },
  });
}
