import { type TMember, ZMemberList } from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { organizationsQueryKey } from './get-organizations';

/**
 * GET Organization/GetMembers: the team with their roles (any member may read it). One query for
 * the members tab and the comments' mention picker, under the organizations' key, so a change of
 * members refreshes both.
 */
export const membersQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...organizationsQueryKey, 'members', orgId] as const,
    queryFn: async (): Promise<TMember[]> =>
      ZMemberList.parse(await apiRequest<unknown>('Organization/GetMembers', { query: { orgId } })),
    retry: false,
  });

export function useMembers(orgId: string, enabled = true) {
  return useQuery({ ...membersQuery(orgId), enabled });
}
