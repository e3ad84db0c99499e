import { type TRestoreStepVersionRequest, type TStepResult, ZStepResult } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { stepHistoryKey } from './get-step-history';

/** POST Call/RestoreStepResultVersion: the version's content saved again as the newest version. */
export async function restoreStepVersion(input: TRestoreStepVersionRequest): Promise<TStepResult> {
  return ZStepResult.parse(await apiRequest<unknown>('Call/RestoreStepResultVersion', { method: 'POST', body: input }));
}

export function useRestoreStepVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreStepVersion,
    onSettled: (_r, _e, input) =>
      client.invalidateQueries({ queryKey: stepHistoryKey(input.submissionId, input.stepId) }),
  });
}
