import { type TSubmissionResults, ZSubmissionResults } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/** GET Call/GetSubmissionResults: score ranges and quiz recaps, computed (and hidden while locked) by the server. */
export function useSubmissionResults(submissionId: string) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useQuery({
    queryKey: ['submissions', submissionId, 'results', lang],
    queryFn: async (): Promise<TSubmissionResults> =>
      ZSubmissionResults.parse(await apiRequest('Call/GetSubmissionResults', { query: { submissionId, lang } })),
    meta: { keepOnNetworkError: true },
  });
}
