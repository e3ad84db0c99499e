import { isLanguage, type TSubmission, ZSubmission, ZUpsertSubmissionResponse } from '@impact/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { apiRequest } from '../../../lib/api-client';

import { submissionKey, submissionViewKey } from '../../step-kit/api/keys';

export { submissionKey };

export function useSubmission(submissionId: string, asAdmin: boolean) {
  return useQuery(submissionQuery(submissionId, asAdmin));
}

export function submissionQuery(submissionId: string, asAdmin: boolean) {
  return queryOptions({
    queryKey: submissionViewKey(submissionId, asAdmin),
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
        await apiRequest('Call/CloseCallSubmission', {
          method: 'POST',
          // The receipt e-mail and the PDF's labels follow the applicant's language.
          body: { submissionId, language: isLanguage(i18next.language) ? i18next.language : undefined },
        }),
      ),
    onSuccess: (_r, submissionId) => {
      void client.invalidateQueries({ queryKey: submissionKey(submissionId) });
      void client.invalidateQueries({ queryKey: ['calls'] });
    },
    meta: { keepOnNetworkError: true },
  });
}
