import { type TAttachmentRow, ZAttachmentRow, ZUploadResult } from '@impact/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

export async function uploadFile(input: {
  submissionId: string;
  stepId: string;
  slot: string;
  description: string;
  file: File;
}) {
  const form = new FormData();
  // Fields first: the server reads them before the file streams in.
  form.set('submissionId', input.submissionId);
  form.set('stepId', input.stepId);
  form.set('Nome', input.slot);
  form.set('Descrizione', input.description);
  form.set('TipoFileId', '0');
  form.set('File', input.file, input.file.name);
  return ZUploadResult.parse(await apiRequest('FileUpload/UploadFile', { method: 'POST', formData: form }));
}

/** A file's description, changed without uploading it again (written in the step's answer too). */
export async function describeFile(downloadId: string, description: string) {
  await apiRequest('FileUpload/UpdateDescription', { method: 'POST', body: { downloadId, description } });
}

export async function removeFile(downloadId: string) {
  await apiRequest('FileUpload/RemoveFile', { method: 'POST', query: { downloadId } });
}

/** Fetches with the session (the file is not public) and hands it to the browser as a download. */
export async function downloadFile(downloadId: string, fileName: string) {
  saveBlob(await apiRequest<Blob>('FileUpload/GetFile', { query: { downloadId }, responseType: 'blob' }), fileName);
}

/** A call's custom file: the server hands it only to applicants whose submission is closed. */
export async function downloadCustomFile(callId: string, fileName: string) {
  saveBlob(
    await apiRequest<Blob>('CallSubmission/GetCustomFile', { query: { callId }, responseType: 'blob' }),
    fileName,
  );
}

export function useAttachments(submissionId: string) {
  return useQuery({
    queryKey: ['attachments', submissionId],
    queryFn: async (): Promise<TAttachmentRow[]> =>
      z.array(ZAttachmentRow).parse(await apiRequest('FileUpload/GetAttachments', { query: { submissionId } })),
  });
}
