import type { TAddCustomFileRequest } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminFileKeys } from './admin-files';

export async function addCustomFile(input: TAddCustomFileRequest): Promise<void> {
  await apiRequest<void>('CallSubmission/AddCustomFile', { method: 'POST', body: input });
}

/** `onSaved` lets the call editor refresh its call without this feature knowing its keys. */
export function useAddCustomFile(onSaved?: () => Promise<unknown> | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCustomFile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminFileKeys.all });
      await onSaved?.();
    },
  });
}
