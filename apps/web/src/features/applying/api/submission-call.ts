import { type TUserCall, ZStageNumber, ZUserCall } from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * The admin's call has every step and no organization's stage (the wizard reads the stage from
 * the submission): read with the applicant's fields defaulted.
 */
const ZAdminCallAsUserCall = ZUserCall.extend({
  submissionStage: ZStageNumber.default(1),
  stageClosingAt: z.string().nullable().default(null),
  stageClosed: z.boolean().default(false),
});

export function submissionCallQuery(callId: string | undefined, asAdmin: boolean) {
  return queryOptions({
    queryKey: ['calls', asAdmin ? 'admin-call' : 'user-call', callId],
    queryFn: async (): Promise<TUserCall> =>
      (asAdmin ? ZAdminCallAsUserCall : ZUserCall).parse(
        await apiRequest(asAdmin ? 'Call/GetCallByIdAdmin' : 'Call/GetCallById', { query: { callId } }),
      ),
    meta: { keepOnNetworkError: true },
  });
}

/** The call of a submission: the applicant's view, or the admin's for a read-only look at anyone's. */
export function useSubmissionCall(callId: string | undefined, asAdmin: boolean) {
  return useQuery({ ...submissionCallQuery(callId, asAdmin), enabled: Boolean(callId) });
}
