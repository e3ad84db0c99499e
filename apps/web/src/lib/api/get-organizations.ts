import { type TOrganization, ZOrganizationList } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { syncOrganizations } from '../selected-organization';

export const organizationsQueryKey = ['organizations'] as const;
export const organizationListQueryKey = [...organizationsQueryKey, 'list'] as const;

/** GET Organization/GetOrganizations: the signed-in user's organizations, by name. */
export async function getOrganizations(): Promise<TOrganization[]> {
  const list = ZOrganizationList.parse(await apiRequest<unknown>('Organization/GetOrganizations'));
  syncOrganizations(list.map((o) => o.id));
  return list;
}

export function useOrganizations() {
  return useQuery({ queryKey: organizationListQueryKey, queryFn: getOrganizations });
}
