import { type TAdminFile, ZAdminFile } from '@impact/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminFileKeys } from './admin-files';

export async function uploadAdminFile(file: File): Promise<TAdminFile> {
  const form = new FormData();
  form.set('File', file, file.name);
  return ZAdminFile.parse(await apiRequest('FileUpload/UploadAdminFile', { method: 'POST', formData: form }));
}

export function useUploadAdminFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAdminFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFileKeys.all }),
  });
}
