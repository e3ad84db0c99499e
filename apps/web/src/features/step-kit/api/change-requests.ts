import { ZChangeRequests } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { changeRequestsKey } from './keys';

/**
 * GET CallSubmission/GetChangeRequests (docs/decisions/0039): a submission's requests for changes,
 * newest first; the wizard reads the open one, the admin's panel the whole list.
 */
export function useChangeRequests(submissionId: string, enabled = true) {
  return useQuery({
    queryKey: changeRequestsKey(submissionId),
    queryFn: async () =>
      ZChangeRequests.parse(await apiRequest('CallSubmission/GetChangeRequests', { query: { submissionId } })),
    enabled: enabled && Boolean(submissionId),
    retry: false,
  });
}
