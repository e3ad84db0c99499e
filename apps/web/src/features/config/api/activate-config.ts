import { type TConfig, ZConfig } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configQueryKey } from '../../../lib/api/get-config';
import { apiRequest } from '../../../lib/api-client';
import { configKeys } from './keys';

export async function activateConfig(configId: string): Promise<TConfig> {
  return ZConfig.parse(await apiRequest('Config/ActivateConfig', { method: 'POST', query: { configId } }));
}

/** The whole site follows the active config: this tab sees it at once, others on their next load. */
export function useActivateConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateConfig,
    onSuccess: async (active) => {
      queryClient.setQueryData(configQueryKey, active);
      await queryClient.invalidateQueries({ queryKey: configKeys.all });
    },
  });
}
