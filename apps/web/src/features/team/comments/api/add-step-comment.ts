import type { TAddStepCommentRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { stepCommentsKey } from './get-step-comments';

/** POST Call/AddStepComment: a new thread, or a reply naming its thread. */
export async function addStepComment(input: TAddStepCommentRequest): Promise<{ id: string }> {
  return apiRequest<{ id: string }>('Call/AddStepComment', { method: 'POST', body: input });
}

export function useAddStepComment(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStepComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stepCommentsKey(submissionId) }),
  });
}
