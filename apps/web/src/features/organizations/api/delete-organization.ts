import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationListQueryKey, organizationsQueryKey } from '../../../lib/api/get-organizations';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { forgetOrganization } from '../../../lib/selected-organization';
import { organizationQueryKey } from './get-organization';

/** POST Organization/DeleteOrganization. Refused (409) when the organization has submissions. */
export async function deleteOrganization(orgId: string): Promise<void> {
  await apiRequest<void>('Organization/DeleteOrganization', { method: 'POST', query: { orgId } });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganization,
    onSuccess: async (_result, orgId) => {
      // Stop sending its id before anything else is requested: the server would refuse it.
      forgetOrganization(orgId);
      queryClient.removeQueries({ queryKey: organizationQueryKey(orgId) });
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
    onError: async (error, orgId) => {
      // Already gone (deleted in another tab): stop sending it, and show the list as it is now.
      if (error instanceof ApiError && error.status === 404) forgetOrganization(orgId);
      await queryClient.invalidateQueries({ queryKey: organizationListQueryKey });
    },
  });
}
