import { type TUserCall, ZUserCall } from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function submissionCallQuery(callId: string | undefined, asAdmin: boolean) {
  return queryOptions({
    queryKey: ['calls', asAdmin ? 'admin-call' : 'user-call', callId],
    queryFn: async (): Promise<TUserCall> =>
      ZUserCall.parse(await apiRequest(asAdmin ? 'Call/GetCallByIdAdmin' : 'Call/GetCallById', { query: { callId } })),
    meta: { keepOnNetworkError: true },
  });
}

/** The call of a submission: the applicant's view, or the admin's for a read-only look at anyone's. */
export function useSubmissionCall(callId: string | undefined, asAdmin: boolean) {
  return useQuery({ ...submissionCallQuery(callId, asAdmin), enabled: Boolean(callId) });
}
