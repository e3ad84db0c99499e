import { type TCreateStepTypeRequest, type TStepType, ZStepType } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function createStepType(body: TCreateStepTypeRequest): Promise<TStepType> {
  return ZStepType.parse(await apiRequest<unknown>('Step/CreateStepType', { method: 'POST', body }));
}

export function useCreateStepType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStepType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBuilderKeys.stepTypes() }),
  });
}
