import { type TStepHistory, ZStepHistory } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export const stepHistoryKey = (submissionId: string, stepId: string) =>
  ['submissions', submissionId, 'history', stepId] as const;

/** GET Call/GetStepResultHistory: the step's versions, newest first, and its Submits. */
export async function getStepHistory(submissionId: string, stepId: string): Promise<TStepHistory> {
  return ZStepHistory.parse(
    await apiRequest<unknown>('Call/GetStepResultHistory', { query: { submissionId, StepId: stepId } }),
  );
}

/** Read when the panel opens (`enabled`), and afresh each time: the team keeps saving. */
export function useStepHistory(submissionId: string, stepId: string, enabled: boolean) {
  return useQuery({
    queryKey: stepHistoryKey(submissionId, stepId),
    queryFn: () => getStepHistory(submissionId, stepId),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
