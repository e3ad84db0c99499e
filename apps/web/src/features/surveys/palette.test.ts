import { NPS_TEMPLATE } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { insertQuestion } from './palette';

describe('survey creator palette', () => {
  it('appends a question with a fresh name to the last page and keeps the rest unchanged', () => {
    const model = JSON.parse(JSON.stringify(NPS_TEMPLATE));
    const next = insertQuestion(model, 'checkbox');
    const elements = (next.pages as Array<{ elements: Array<{ name: string; maxSelectedChoices?: number }> }>)[0]
      ?.elements;
    expect(elements?.at(-1)).toMatchObject({ name: 'question1', maxSelectedChoices: 2 });
    expect(elements?.slice(0, -1)).toEqual(NPS_TEMPLATE.pages[0]?.elements);
    const again = insertQuestion(next, 'rating');
    expect(JSON.stringify(again)).toContain('"question2"');
    expect(insertQuestion({}, 'text')).toEqual({
      pages: [{ name: 'page1', elements: [{ ...{ type: 'text', title: 'Short answer' }, name: 'question1' }] }],
    });
  });
});
