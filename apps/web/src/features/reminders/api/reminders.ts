import { type TSaveRemindersRequest, ZCallReminders } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const remindersKey = (callId: string) => ['reminders', callId] as const;

/** A call's reminder settings and the reminders sent so far. */
export function useCallReminders(callId: string) {
  return useQuery({
    queryKey: remindersKey(callId),
    queryFn: async () => ZCallReminders.parse(await apiRequest('Call/GetReminders', { query: { callId } })),
  });
}

export function useSaveReminders(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<TSaveRemindersRequest, 'callId'>) =>
      ZCallReminders.parse(await apiRequest('Call/SaveReminders', { method: 'PUT', body: { callId, ...body } })),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey(callId), saved),
  });
}
