import { type TInvitation, ZInvitationList } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';

export const invitationsQueryKey = (orgId: string) => [...organizationsQueryKey, 'invitations', orgId] as const;

/** GET Organization/GetInvitations: the open invitations (owners only, so asked only by them). */
export async function getInvitations(orgId: string): Promise<TInvitation[]> {
  return ZInvitationList.parse(await apiRequest<unknown>('Organization/GetInvitations', { query: { orgId } }));
}

export function useInvitations(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsQueryKey(orgId),
    queryFn: () => getInvitations(orgId),
    enabled,
    retry: false,
  });
}
