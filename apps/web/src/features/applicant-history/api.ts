import { ZApplicantHistory } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET CallSubmission/GetApplicantHistory (admins): read when an administrator opens an application. */
export function useApplicantHistory(submissionId: string) {
  return useQuery({
    queryKey: ['applicant-history', submissionId],
    queryFn: async () =>
      ZApplicantHistory.parse(await apiRequest('CallSubmission/GetApplicantHistory', { query: { submissionId } })),
    enabled: Boolean(submissionId),
    retry: false,
  });
}
