import { type TInvitation, type TInviteMemberRequest, ZInvitation } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** POST Organization/InviteMember: the mail goes in `language` unless the address has an account. */
export async function inviteMember(input: TInviteMemberRequest): Promise<TInvitation> {
  return ZInvitation.parse(await apiRequest<unknown>('Organization/InviteMember', { method: 'POST', body: input }));
}

export function useInviteMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(orgId) }),
  });
}
