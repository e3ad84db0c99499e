import type { TCall, TStep } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { adminCallAsRead } from './submission-call';

const step: TStep = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Risultati',
  description: '',
  content: '',
  sort: 1,
  stepTypeId: '00000000-0000-4000-8000-000000000003',
  stepType: { name: 'text' },
  expectedAnswers: 'secret',
  subSteps: [],
  translations: { en: { name: 'Results' }, fr: { name: 'Résultats' } },
  stage: 1,
};
const call = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Relazione intermedia',
  description: '',
  translations: { en: { name: 'Interim report' } },
  steps: [step],
} as unknown as TCall;

describe('an administrator reads a submission in their own language', () => {
  it('names the call and its steps as an applicant reading that language would, without the answer key', () => {
    const en = adminCallAsRead(call, 'en');
    expect(en.name).toBe('Interim report');
    expect(en.steps.map((s) => s.name)).toEqual(['Results']);
    expect(en.steps[0]).not.toHaveProperty('expectedAnswers');
    expect(en).not.toHaveProperty('translations');
    const fr = adminCallAsRead(call, 'fr');
    // No French name for the call: the default's, saying so; the step's own French name.
    expect(fr.name).toBe('Relazione intermedia');
    expect(fr.textLanguages?.name).toBe('it');
    expect(fr.steps.map((s) => s.name)).toEqual(['Résultats']);
    expect(adminCallAsRead(call, 'it').steps.map((s) => s.name)).toEqual(['Risultati']);
  });
});
