import { type TOrganization, type TOrganizationUpdate, ZOrganization } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';
import { organizationQueryKey } from './get-organization';

/** PUT Organization/UpdateOrganization: the form plus the id. */
export async function updateOrganization(input: TOrganizationUpdate): Promise<TOrganization> {
  return ZOrganization.parse(
    await apiRequest<unknown>('Organization/UpdateOrganization', { method: 'PUT', body: input }),
  );
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryKey(organization.id), organization);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}
