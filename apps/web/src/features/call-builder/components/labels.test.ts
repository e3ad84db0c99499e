import { LANGUAGES, STEP_TYPE_NAMES } from '@impact/domain';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { loadTranslations } from '../../../lib/i18n/resources';
import { stepTypeLabel } from './labels';

beforeAll(async () => {
  await initI18n('it');
});

describe('step type labels', () => {
  it('every built-in step type has a label in every language, never its key', async () => {
    for (const language of LANGUAGES) {
      i18next.addResourceBundle(language, 'translation', await loadTranslations(language), true, true);
      await i18next.changeLanguage(language);
      for (const name of STEP_TYPE_NAMES) {
        const label = stepTypeLabel(i18next.t, name);
        expect(label, `${language} ${name}`).not.toContain('callBuilder.');
        expect(label.length).toBeGreaterThan(0);
      }
    }
    await i18next.changeLanguage('it');
  });
});
