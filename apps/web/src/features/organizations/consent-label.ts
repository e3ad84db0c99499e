import { DEFAULT_DATA_CONSENT_TEXT } from '@impact/domain';
import type { TFunction } from 'i18next';

/**
 * The personal-data consent sentence of the organization form. The default one (SPEC: Italian)
 * is said in the page's language; a sentence the admin wrote is shown as written.
 */
export function consentLabel(t: TFunction, configured: string | undefined): string {
  const text = configured?.trim() ?? '';
  if (text === '') return t('organizations.consentLabel');
  return text === DEFAULT_DATA_CONSENT_TEXT ? t('organizations.defaultConsentText') : text;
}
