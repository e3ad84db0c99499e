import { type TConfig, type TUpsertConfigRequest, ZConfig } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configQueryKey } from '../../../lib/api/get-config';
import { apiRequest } from '../../../lib/api-client';
import { configKeys } from './keys';

export async function upsertConfig(input: TUpsertConfigRequest): Promise<TConfig> {
  return ZConfig.parse(await apiRequest('Config/UpsertConfig', { method: 'POST', body: input }));
}

export function useUpsertConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertConfig,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: configKeys.all });
      await queryClient.invalidateQueries({ queryKey: configQueryKey });
    },
  });
}
