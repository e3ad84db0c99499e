import { describe, expect, it } from 'vitest';
import { silentSurveyChecker } from './survey-check';

const model = {
  pages: [
    {
      elements: [
        { type: 'radiogroup', name: 'reach', isRequired: true, choices: ['young', 'families'] },
        { type: 'comment', name: 'young', isRequired: true, visibleIf: "{reach} = 'young'" },
        { type: 'checkbox', name: 'channels', choices: ['web', 'radio', 'press'], maxSelectedChoices: 2 },
      ],
    },
  ],
};
const incomplete = ['applying.validation.surveyIncomplete'];

/** The model is built once and given each answer: nothing of an earlier answer may count in a later check. */
describe('the survey’s silent check, on one model for every keystroke', () => {
  const check = silentSurveyChecker(model);

  it('judges each answer whole, whatever the answers before it', () => {
    expect(check({ reach: 'families' })).toEqual([]);
    // The question shown by the new choice is required and empty.
    expect(check({ reach: 'young' })).toEqual(incomplete);
    expect(check({ reach: 'young', young: 'Teenagers of the area' })).toEqual([]);
    // A value left out of the next answer is gone, not kept from the last one.
    expect(check({ young: 'Teenagers of the area' })).toEqual(incomplete);
    expect(check({ reach: 'families', channels: ['web', 'radio', 'press'] })).toEqual([
      'errors.surveys.tooManySelections',
    ]);
    expect(check({ reach: 'families', channels: ['web'] })).toEqual([]);
  });

  it.each(['matrixdynamic', 'MatrixDynamic'])(
    'judges a dynamic matrix’s answer whole too (%s): rows added and then emptied count as empty',
    (type) => {
      const withRows = silentSurveyChecker({
        elements: [
          {
            type,
            name: 'partners',
            rowCount: 1,
            columns: [{ name: 'name', cellType: 'text', isRequired: true }],
          },
        ],
      });
      expect(withRows({ partners: [{ name: 'Coop Aurora' }] })).toEqual([]);
      expect(withRows({})).toEqual(incomplete);
    },
  );
});
