import { type TErasureReport, ZErasureReport } from '@impact/domain';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The ZIP is fetched with the session (it is nobody else's business), then handed to the browser. */
async function download(path: string, query: Record<string, string>, fileName: string) {
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

const today = () => new Date().toISOString().slice(0, 10);

export const exportMyData = () => download('User/ExportMyData', {}, `my-data-${today()}.zip`);

export async function deleteMyAccount(): Promise<TErasureReport> {
  return ZErasureReport.parse(await apiRequest('User/DeleteMyAccount', { method: 'POST', body: { confirm: true } }));
}

export const exportUserData = (email: string) =>
  download('User/ExportUserData', { email }, `personal-data-${today()}.zip`);

export async function eraseUserData(email: string): Promise<TErasureReport> {
  return ZErasureReport.parse(await apiRequest('User/EraseUserData', { method: 'POST', body: { email } }));
}

/** The most precise translated reason a request failed: the field's, else the problem's. */
export function failureKey(error: unknown): string {
  if (!(error instanceof ApiError) || error.problem.messageKey === 'errors.internal') return 'errors.unexpected';
  return error.problem.errors?.[0]?.messageKey ?? error.problem.messageKey;
}
