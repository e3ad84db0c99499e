import { type TOrganization, type TOrganizationInput, ZOrganization } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationsQueryKey } from '../../../lib/api/get-organizations';
import { apiRequest } from '../../../lib/api-client';
import { adoptOrganization } from '../../../lib/selected-organization';

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
