import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminFileKeys } from './admin-files';

export async function deleteAdminFile(fileId: string): Promise<void> {
  await apiRequest<void>('FileUpload/DeleteAdminFile', { method: 'POST', query: { fileId } });
}

export function useDeleteAdminFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFileKeys.all }),
  });
}
