import { type TStepComments, ZStepComments } from '@impact/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Everything about one submission's comments: invalidated as a whole by every change. */
export const stepCommentsKey = (submissionId: string) => ['step-comments', submissionId] as const;

/** GET Call/GetStepComments: a step's threads with every step's open counts; without a step, the counts alone. */
export async function getStepComments(submissionId: string, stepId?: string): Promise<TStepComments> {
  return ZStepComments.parse(await apiRequest<unknown>('Call/GetStepComments', { query: { submissionId, stepId } }));
}

export const stepCommentsQuery = (submissionId: string, stepId?: string) =>
  queryOptions({
    queryKey: [...stepCommentsKey(submissionId), stepId ?? 'counts'],
    queryFn: () => getStepComments(submissionId, stepId),
    retry: false,
  });

export function useStepComments(submissionId: string, stepId?: string, enabled = true) {
  return useQuery({ ...stepCommentsQuery(submissionId, stepId), enabled });
}
