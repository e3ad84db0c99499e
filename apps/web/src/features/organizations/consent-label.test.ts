import { DEFAULT_DATA_CONSENT_TEXT } from '@impact/domain';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { consentLabel } from './consent-label';

describe('the consent sentence of the organization form', () => {
  beforeAll(async () => {
    await initI18n('fr');
  });

  it('says the default sentence in the page language, an admin-written one as written', async () => {
    const t = i18next.getFixedT('fr');
    expect(consentLabel(t, DEFAULT_DATA_CONSENT_TEXT)).toMatch(/^J’accepte le traitement de mes données/);
    expect(consentLabel(t, 'Ho letto l’informativa.')).toBe('Ho letto l’informativa.');
    expect(consentLabel(t, '')).toBe('Consentement au traitement des données personnelles');
  });
});
