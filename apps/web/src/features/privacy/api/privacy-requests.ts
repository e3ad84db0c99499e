import { type TErasureReport, ZErasureReport } from '@impact/domain';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { downloadFrom } from '../../../lib/save-file';

const today = () => new Date().toISOString().slice(0, 10);

export const exportMyData = () => downloadFrom('User/ExportMyData', {}, `my-data-${today()}.zip`);

export async function deleteMyAccount(): Promise<TErasureReport> {
  return ZErasureReport.parse(await apiRequest('User/DeleteMyAccount', { method: 'POST', body: { confirm: true } }));
}

export const exportUserData = (email: string) =>
  downloadFrom('User/ExportUserData', { email }, `personal-data-${today()}.zip`);

export async function eraseUserData(email: string): Promise<TErasureReport> {
  return ZErasureReport.parse(await apiRequest('User/EraseUserData', { method: 'POST', body: { email } }));
}

/** The most precise translated reason a request failed: the field's, else the problem's. */
export function failureKey(error: unknown): string {
  if (!(error instanceof ApiError) || error.problem.messageKey === 'errors.internal') return 'errors.unexpected';
  return error.problem.errors?.[0]?.messageKey ?? error.problem.messageKey;
}
