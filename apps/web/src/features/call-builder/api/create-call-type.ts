import { type TCallType, type TCreateCallTypeRequest, ZCallType } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function createCallType(body: TCreateCallTypeRequest): Promise<TCallType> {
  return ZCallType.parse(await apiRequest<unknown>('Call/CreateCallType', { method: 'POST', body }));
}

export function useCreateCallType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCallType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBuilderKeys.callTypes() }),
  });
}
