import { type TMember, ZMemberList } from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/**
 * GET Organization/GetMembers, for the mention picker. Its own query (not the members page's):
 * a feature does not reach into another's insides; both read the same endpoint.
 */
export const teamMembersQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['team-members', orgId],
    queryFn: async (): Promise<TMember[]> =>
      ZMemberList.parse(await apiRequest<unknown>('Organization/GetMembers', { query: { orgId } })),
    retry: false,
  });

export function useTeamMembers(orgId: string, enabled = true) {
  return useQuery({ ...teamMembersQuery(orgId), enabled });
}
