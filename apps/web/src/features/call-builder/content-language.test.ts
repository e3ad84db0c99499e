import { describe, expect, it } from 'vitest';
import type { DraftStep } from './call-draft';
import { missingStepTexts, withQuestionText, withSlotText } from './content-language';

const step = (content: object, translations: DraftStep['translations'] = {}): DraftStep => ({
  key: 'k',
  name: 'Passo',
  description: '',
  content: JSON.stringify(content),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000003',
  translations,
});

describe('what a language lacks in a step', () => {
  it("names each text question's label and help, and each upload slot's name and description", () => {
    const several = step(
      {
        questions: [
          { id: 'title', label: 'Titolo', required: true },
          { id: 'months', label: 'Mesi', help: 'Da 6 a 24', required: true },
        ],
      },
      { en: { name: 'Step', questions: { title: { label: 'Title' } } } },
    );
    expect(missingStepTexts(several, 'en')).toEqual(['questions.months.label', 'questions.months.help']);
    expect(missingStepTexts(several, 'it')).toEqual([]);

    const slots = step(
      [{ file_name: 'Budget', file_description: 'Il piano', file_type: 'pdf', dimensions: 10, mandatory: true }],
      { fr: { name: 'Étape', uploadSlots: { Budget: { name: 'Budget' } } } },
    );
    expect(missingStepTexts(slots, 'fr')).toEqual(['uploadSlots.Budget.description']);
    expect(missingStepTexts(slots, 'en')).toEqual([
      'name',
      'uploadSlots.Budget.name',
      'uploadSlots.Budget.description',
    ]);
  });

  it('writes one label or slot text of a language, keeping the others', () => {
    const base = step(
      {},
      { en: { name: 'Step', questions: { a: { label: 'A' } }, uploadSlots: { S: { name: 'S' } } } },
    );
    const withLabel = withQuestionText(base, 'en', 'b', { label: 'B' });
    expect(withLabel.translations?.en?.questions).toEqual({ a: { label: 'A' }, b: { label: 'B' } });
    const withSlot = withSlotText(withLabel, 'en', 'S', { description: 'The file' });
    expect(withSlot.translations?.en?.uploadSlots).toEqual({ S: { name: 'S', description: 'The file' } });
    expect(withSlot.translations?.en?.name).toBe('Step');
  });
});
