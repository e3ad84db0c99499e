import { type TJob, ZJob } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobKeys } from './get-jobs';

export async function retryJob(id: string): Promise<TJob> {
  return ZJob.parse(await apiRequest('Jobs/Retry', { method: 'POST', body: { id } }));
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
