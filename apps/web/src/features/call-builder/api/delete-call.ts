import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { callBuilderKeys } from './keys';

export async function deleteCall(callId: string): Promise<void> {
  await apiRequest<void>('Call/DeleteCall', { method: 'POST', query: { callId } });
}

export function useDeleteCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callBuilderKeys.all }),
  });
}
