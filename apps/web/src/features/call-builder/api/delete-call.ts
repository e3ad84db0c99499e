import type { TCallListItem } from '@impact/domain';
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
    onSuccess: (_data, callId) => {
      // The list drops the call at once, so a screen moving there never shows it again.
      queryClient.setQueryData<TCallListItem[]>(callBuilderKeys.calls(), (list) =>
        list?.filter((call) => call.id !== callId),
      );
      // Every admin view refreshes, in the background (the deletion is done, nobody waits on a
      // reload), except the deleted call's own: refetched, it answers "not found", and an editor
      // still showing it (discarding a new call) would turn into that message.
      const own = callBuilderKeys.call(callId);
      void queryClient.invalidateQueries({
        queryKey: callBuilderKeys.all,
        predicate: (query) => own.some((part, i) => query.queryKey[i] !== part),
      });
    },
  });
}
