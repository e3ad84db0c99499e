import { apiRequest } from '../../../lib/api-client';

/** GET Report/ExportSubmissions: the server streams the file; the browser saves it. */
export async function exportSubmissions(callId: string, format: 'csv' | 'xlsx', language: string, fileName: string) {
  const blob = await apiRequest<Blob>('Report/ExportSubmissions', {
    query: { callId, format, language },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
