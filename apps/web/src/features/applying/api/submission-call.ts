import {
  callAsRead,
  DEFAULT_LANGUAGE,
  isLanguage,
  type TCall,
  type TLanguage,
  type TUserCall,
  ZCall,
  ZUserCall,
} from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

/**
 * The admin's call has every step, its texts in every language and no organization's stage (the
 * wizard reads the stage from the submission): read in the reader's language, as the applicant
 * reads it, with the applicant's fields defaulted.
 */
export function adminCallAsRead(call: TCall, language: TLanguage): TUserCall {
  return { ...callAsRead(call, language), submissionStage: 1, stageClosingAt: null, stageClosed: false };
}

/** The applicant's view of a call, or (`asAdmin`) the admin's, in `language`, for a read-only look at anyone's. */
export function submissionCallQuery(callId: string | undefined, asAdmin: boolean, language?: string) {
  return queryOptions({
    queryKey: asAdmin ? ['calls', 'admin-call', callId, language] : ['calls', 'user-call', callId],
    queryFn: async (): Promise<TUserCall> =>
      asAdmin
        ? adminCallAsRead(
            ZCall.parse(await apiRequest('Call/GetCallByIdAdmin', { query: { callId } })),
            isLanguage(language) ? language : DEFAULT_LANGUAGE,
          )
        : ZUserCall.parse(await apiRequest('Call/GetCallById', { query: { callId } })),
    meta: { keepOnNetworkError: true },
  });
}

/** The call of a submission: the applicant's view, or the admin's for a read-only look at anyone's. */
export function useSubmissionCall(callId: string | undefined, asAdmin: boolean) {
  const { i18n } = useTranslation();
  return useQuery({ ...submissionCallQuery(callId, asAdmin, i18n.language), enabled: Boolean(callId) });
}
