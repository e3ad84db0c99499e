import { STEP_TYPE_NAMES } from '@impact/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';

/** Built-in step types have translated labels (miniDyi is shown as "impact framework"). */
export function stepTypeLabel(t: TFunction, name: string | undefined): string {
  if (!name) return t('callBuilder.steps.noType');
  return (STEP_TYPE_NAMES as readonly string[]).includes(name) ? t(`callBuilder.stepTypes.${name}`) : name;
}

/** A readable message for a failed request: the server's own key, with its first field error. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.unexpected');
  const field = error.problem.errors?.[0];
  if (field) return t(field.messageKey, { ...(field.params ?? {}) });
  return t(error.problem.messageKey);
}

export function formatDateTime(iso: Date, language: string): string {
  return dateFormat(language, DATE_TIME).format(iso);
}
