import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** The server's translated reason for a failed request, with its first field error when there is one. */
export function problemText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  const field = error.problem.errors?.[0];
  return t(field ? field.messageKey : error.problem.messageKey, { ...(field?.params ?? {}) });
}
