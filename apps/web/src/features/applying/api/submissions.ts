import { type TSubmission, ZSubmission, ZUpsertSubmissionResponse } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const submissionKey = (id: string) => ['submissions', id] as const;

export function useSubmission(submissionId: string, asAdmin: boolean) {
  return useQuery({
    queryKey: [...submissionKey(submissionId), asAdmin ? 'admin' : 'owner'],
    queryFn: async (): Promise<TSubmission> =>
      ZSubmission.parse(
        await apiRequest(asAdmin ? 'Call/GetSubmissionByIDAdmin' : 'Call/GetSubmissionByID', {
          query: { submissionId },
        }),
      ),
    // The wizard must never send the applicant home for a dropped connection.
    meta: { keepOnNetworkError: true },
  });
}

export function useStartSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { callId: string; organizationId: string }) =>
      ZUpsertSubmissionResponse.parse(await apiRequest('Call/UpsertCallSubmission', { method: 'POST', body: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['calls'] }),
  });
}

export function useCloseSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (submissionId: string) =>
      ZUpsertSubmissionResponse.parse(
        await apiRequest('Call/CloseCallSubmission', { method: 'POST', body: { submissionId } }),
      ),
    onSuccess: (_r, submissionId) => {
      void client.invalidateQueries({ queryKey: submissionKey(submissionId) });
      void client.invalidateQueries({ queryKey: ['calls'] });
    },
    meta: { keepOnNetworkError: true },
  });
}
