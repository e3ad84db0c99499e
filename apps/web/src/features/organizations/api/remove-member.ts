import type { TRemoveMemberRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';

/** POST Organization/RemoveMember: an owner removes someone, or a member leaves (their own id). */
export async function removeMember(input: TRemoveMemberRequest): Promise<void> {
  await apiRequest<void>('Organization/RemoveMember', { method: 'POST', body: input });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey }),
  });
}
