import { describe, expect, it } from 'vitest';
import { questionTitles } from './quiz';

describe('a quiz recap’s question titles', () => {
  it('reads each named question in the reader’s language, inside panels and dynamic panels, else its name', () => {
    const model = {
      pages: [
        {
          elements: [
            { type: 'radiogroup', name: 'q1', title: { default: 'Capitale d’Italia?', en: 'Capital of Italy?' } },
            {
              type: 'panel',
              name: 'group',
              title: 'Gruppo',
              elements: [{ type: 'ranking', name: 'q2', title: 'Ordina' }],
            },
            { type: 'paneldynamic', name: 'people', templateElements: [{ type: 'text', name: 'q3' }] },
            { type: 'text', name: 'q4', title: '' },
          ],
        },
      ],
    };
    const titles = questionTitles(JSON.stringify(model), 'en');
    expect(Object.fromEntries(titles)).toEqual({
      q1: 'Capital of Italy?',
      q2: 'Ordina',
      people: 'people',
      q3: 'q3',
      q4: 'q4',
    });
    expect(questionTitles(JSON.stringify(model), 'fr').get('q1')).toBe('Capitale d’Italia?');
    expect(questionTitles('not json', 'it').size).toBe(0);
  });
});
