import { LANGUAGES, STEP_TYPE_NAMES } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { loadTranslations } from '../../../lib/i18n/resources';

describe('step type labels', () => {
  it('every built-in step type has a label of its own in every language (no fallback to another)', async () => {
    for (const language of LANGUAGES) {
      const stepTypes = (
        (await loadTranslations(language)) as { callBuilder?: { stepTypes?: Record<string, unknown> } }
      ).callBuilder?.stepTypes;
      for (const name of STEP_TYPE_NAMES) {
        const label = stepTypes?.[name];
        expect(typeof label === 'string' && label.trim().length > 0, `${language} ${name}`).toBe(true);
      }
    }
  });
});
