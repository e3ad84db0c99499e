import { type TMember, ZMemberList } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';

export const membersQueryKey = (orgId: string) => [...organizationsQueryKey, 'members', orgId] as const;

/** GET Organization/GetMembers: the team with their roles (any member may read it). */
export async function getMembers(orgId: string): Promise<TMember[]> {
  return ZMemberList.parse(await apiRequest<unknown>('Organization/GetMembers', { query: { orgId } }));
}

export function useMembers(orgId: string) {
  return useQuery({ queryKey: membersQueryKey(orgId), queryFn: () => getMembers(orgId), retry: false });
}
