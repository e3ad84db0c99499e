import { type TCall, type TUpdateCallRequest, ZCall } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

/** SPEC 4 "Call save sequence": the server saves the call type with its steps, then the call, in one transaction. */
export async function updateCall(body: TUpdateCallRequest): Promise<TCall> {
  return ZCall.parse(await apiRequest<unknown>('Call/UpdateCall', { method: 'PUT', body }));
}

export function useUpdateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBuilderKeys.all }),
  });
}
