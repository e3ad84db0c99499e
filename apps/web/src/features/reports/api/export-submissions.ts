import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** GET Report/ExportSubmissions: the server streams the file; the browser saves it. */
export async function exportSubmissions(callId: string, format: 'csv' | 'xlsx', language: string, fileName: string) {
  const blob = await apiRequest<Blob>('Report/ExportSubmissions', {
    query: { callId, format, language },
    responseType: 'blob',
  });
  saveBlob(blob, `${fileName}.${format}`);
}
