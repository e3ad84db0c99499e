import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/** The server's translated reason for a failed request, with its first field error when there is one. */
export function problemText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  const field = error.problem.errors?.[0];
  return t(field ? field.messageKey : error.problem.messageKey, { ...(field?.params ?? {}) });
}

/** The translated field error the server gave for `path` (a form shows it on that field), or null. */
export function fieldErrorText(t: TFunction, error: unknown, path: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.problem.errors?.find((e) => e.path === path);
  return field ? t(field.messageKey, { ...(field.params ?? {}) }) : null;
}
