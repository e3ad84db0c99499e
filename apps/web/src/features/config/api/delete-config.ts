import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { configKeys } from './keys';

export async function deleteConfig(configId: string): Promise<void> {
  await apiRequest<void>('Config/DeleteConfig', { method: 'DELETE', query: { configId } });
}

export function useDeleteConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
