import { type TOrganization, type TOrganizationInput, ZOrganization } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adoptOrganization } from '../selected-organization';
import { organizationsQueryKey } from './get-organizations';

/** POST Organization/CreateOrganization. The user's first organization becomes the selected one. */
export async function createOrganization(input: TOrganizationInput): Promise<TOrganization> {
  return ZOrganization.parse(
    await apiRequest<unknown>('Organization/CreateOrganization', { method: 'POST', body: input }),
  );
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async (organization) => {
      adoptOrganization(organization.id);
      await queryClient.invalidateQueries({ queryKey: organizationsQueryKey });
    },
  });
}
