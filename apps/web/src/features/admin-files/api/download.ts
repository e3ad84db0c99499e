import { apiRequest } from '../../../lib/api-client';

/** Files are not public: fetched with the session, then handed to the browser as a download. */
export async function downloadBlob(path: string, query: Record<string, string>, fileName: string) {
  const blob = await apiRequest<Blob>(path, { query, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const downloadAdminFile = (fileId: string, fileName: string) =>
  downloadBlob('FileUpload/GetAdminFile', { fileId }, fileName);
