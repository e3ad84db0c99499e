import { type TSendMessageRequest, ZMessages, ZUnreadCounts } from '@impact/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** GET Conversation/GetFile: a message's file, saved under its name. */
export async function downloadMessageFile(fileId: string, fileName: string) {
  saveBlob(await apiRequest<Blob>('Conversation/GetFile', { query: { fileId }, responseType: 'blob' }), fileName);
}

/** One application's conversation: invalidated as a whole by a message sent or a read mark. */
export const conversationKey = (submissionId: string) => ['conversation', submissionId] as const;

/** GET Conversation/GetMessages, asked again every minute while the page is open (new messages come in). */
export function useMessages(submissionId: string) {
  return useQuery({
    queryKey: conversationKey(submissionId),
    queryFn: async () => ZMessages.parse(await apiRequest('Conversation/GetMessages', { query: { submissionId } })),
    // A closed grant's report takes no more messages: nothing new to ask for.
    refetchInterval: (query) => (query.state.data?.grantClosed ? false : 60_000),
    retry: false,
  });
}

export function useSendMessage(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // With files, multipart: the fields first, then each file (the server types them by their bytes).
    mutationFn: ({ text, files = [] }: { text: string; files?: File[] }) => {
      if (!files.length)
        return apiRequest<{ id: string }>('Conversation/SendMessage', {
          method: 'POST',
          body: { submissionId, text } satisfies TSendMessageRequest,
        });
      const form = new FormData();
      form.append('submissionId', submissionId);
      form.append('text', text);
      for (const file of files) form.append('files', file, file.name);
      return apiRequest<{ id: string }>('Conversation/SendMessage', { method: 'POST', formData: form });
    },
    // The badges on cards and rows too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['conversation'] }),
  });
}

export function useMarkRead(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('Conversation/MarkRead', { method: 'POST', body: { submissionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversation'] }),
  });
}

/**
 * GET Conversation/GetUnreadCounts: the selected organization's applications, or every call's for
 * an administrator; one query for every card or row.
 */
export function useUnreadCounts(scope: { organizationId?: string | null; everyCall?: boolean }) {
  return useQuery({
    queryKey: ['conversation', 'unread', scope.everyCall ? 'every-call' : (scope.organizationId ?? null)],
    queryFn: async () =>
      ZUnreadCounts.parse(
        await apiRequest('Conversation/GetUnreadCounts', { query: scope.everyCall ? { scope: 'funder' } : {} }),
      ),
    enabled: Boolean(scope.organizationId || scope.everyCall),
    refetchInterval: 60_000,
  });
}
