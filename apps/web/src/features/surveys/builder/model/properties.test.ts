import { NPS_TEMPLATE, type TJsonObject } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { itemText, withItemText, withPastedItems } from './choices';
import { pointsOf, totalPoints } from './quiz';
import { maxSelectionsMessage, validatorOf, withMaxSelections, withValidator } from './validators';

describe('choices', () => {
  it('adds a pasted list, one per line, without blanks or repeats', () => {
    expect(withPastedItems(['A'], 'A\n B \r\n\nC\nB', 'it')).toEqual(['A', 'B', 'C']);
    expect(withPastedItems([], 'Yes', 'en')).toEqual([{ value: 'Yes', text: { en: 'Yes' } }]);
  });

  it('translates a plain choice without changing its value', () => {
    const list = withItemText(['Sì', 'No'], 0, 'en', 'Yes');
    expect(list).toEqual([{ value: 'Sì', text: { default: 'Sì', en: 'Yes' } }, 'No']);
    expect(itemText(list, 0, 'it')).toBe('Sì');
    expect(itemText(list, 0, 'en')).toBe('Yes');
    expect(withItemText(['Sì'], 0, 'it', 'Certo')).toEqual(['Certo']);
    expect(withItemText([{ value: 1, text: 'Uno', score: 3 }], 0, 'it', 'One')).toEqual([
      { value: 1, text: 'One', score: 3 },
    ]);
  });
});

describe('validators', () => {
  it('sets one kind of validator and keeps the others', () => {
    const question = { name: 'q', validators: [{ type: 'email' }] };
    const withLength = withValidator(question, 'length', { maxLength: 10, text: 'Too long' });
    expect(withLength.validators).toEqual([{ type: 'email' }, { type: 'text', maxLength: 10, text: 'Too long' }]);
    expect(validatorOf(withLength, 'length')).toEqual({ type: 'text', maxLength: 10, text: 'Too long' });
    expect(withValidator(withLength, 'length', null)).toEqual(question);
    expect(withValidator({ name: 'q' }, 'range', null)).toEqual({ name: 'q' });
  });

  it('writes a maximum of selections with its message, and reads the NPS template’s', () => {
    const set = withMaxSelections({ name: 'f', type: 'checkbox' }, 2, 'Two at most');
    expect(set).toEqual({
      name: 'f',
      type: 'checkbox',
      maxSelectedChoices: 2,
      validators: [{ type: 'answercount', maxCount: 2, text: 'Two at most' }],
    });
    expect(maxSelectionsMessage(set)).toBe('Two at most');
    expect(withMaxSelections(set, undefined, undefined)).toEqual({ name: 'f', type: 'checkbox' });
    const nps = NPS_TEMPLATE.pages[0]?.elements[1] as TJsonObject;
    expect(maxSelectionsMessage(nps)).toEqual(nps.description);
    // Its expression check is rewritten in place for a new maximum.
    expect(withMaxSelections(nps, 3, 'Tre').validators).toEqual([
      { type: 'expression', expression: 'count({promoter_features}) <= 3', text: 'Tre' },
    ]);
  });
});

describe('quiz points', () => {
  it('counts one point per scored question unless points say otherwise', () => {
    expect(pointsOf({})).toBe(1);
    expect(pointsOf({ points: 3 })).toBe(3);
    expect(pointsOf({ points: 'x' })).toBe(1);
    const quiz = {
      pages: [
        { elements: [{ name: 'a', correctAnswer: 'x' }, { name: 'b', correctAnswer: 'y', points: 4 }, { name: 'c' }] },
      ],
    };
    expect(totalPoints(quiz)).toBe(5);
  });
});
