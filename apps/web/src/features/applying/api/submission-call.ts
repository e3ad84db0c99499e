import { type TUserCall, ZUserCall } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The call of a submission: the applicant's view, or the admin's for a read-only look at anyone's. */
export function useSubmissionCall(callId: string | undefined, asAdmin: boolean) {
  return useQuery({
    queryKey: ['calls', asAdmin ? 'admin-call' : 'user-call', callId],
    enabled: Boolean(callId),
    queryFn: async (): Promise<TUserCall> =>
      ZUserCall.parse(await apiRequest(asAdmin ? 'Call/GetCallByIdAdmin' : 'Call/GetCallById', { query: { callId } })),
    meta: { keepOnNetworkError: true },
  });
}
