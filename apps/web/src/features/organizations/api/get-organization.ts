import { type TOrganization, ZOrganization } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';

export const organizationQueryKey = (orgId: string) => [...organizationsQueryKey, 'detail', orgId] as const;

/** GET Organization/GetOrganizationById: one of the user's organizations (404 for anyone else's). */
export async function getOrganization(orgId: string): Promise<TOrganization> {
  return ZOrganization.parse(await apiRequest<unknown>('Organization/GetOrganizationById', { query: { orgId } }));
}

export function useOrganization(orgId: string) {
  return useQuery({ queryKey: organizationQueryKey(orgId), queryFn: () => getOrganization(orgId), retry: false });
}
