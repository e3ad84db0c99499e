import type { TResolveStepCommentRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { stepCommentsKey } from './get-step-comments';

/** POST Call/ResolveStepComment: resolves or reopens the comment's thread. */
export async function resolveStepComment(input: TResolveStepCommentRequest): Promise<void> {
  await apiRequest<void>('Call/ResolveStepComment', { method: 'POST', body: input });
}

export function useResolveStepComment(submissionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveStepComment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: stepCommentsKey(submissionId) }),
  });
}
