import type { TChangeMemberRoleRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';

/** POST Organization/ChangeMemberRole (409 for the last owner). */
export async function changeMemberRole(input: TChangeMemberRoleRequest): Promise<void> {
  await apiRequest<void>('Organization/ChangeMemberRole', { method: 'POST', body: input });
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    // Members and the caller's own role in the list may both have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
