import type { TWithdrawInvitationRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** POST Organization/WithdrawInvitation. */
export async function withdrawInvitation(input: TWithdrawInvitationRequest): Promise<void> {
  await apiRequest<void>('Organization/WithdrawInvitation', { method: 'POST', body: input });
}

export function useWithdrawInvitation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(orgId) }),
  });
}
