import { describe, expect, it } from 'vitest';
import { surveyAnswerDisplay, surveyAnswerProblems, withoutHiddenAnswers } from './survey-runner';

const nps = {
  pages: [
    {
      elements: [
        {
          type: 'rating',
          name: 'nps',
          rateMin: 0,
          rateMax: 10,
          isRequired: true,
          title: { default: 'Score', it: 'Punteggio' },
        },
        {
          type: 'checkbox',
          name: 'promoter',
          visibleIf: '{nps} >= 9',
          isRequired: true,
          maxSelectedChoices: 2,
          title: { default: 'Features', it: 'Funzioni' },
          choices: [
            { value: 'speed', text: { default: 'Speed', it: 'Velocità' } },
            { value: 'price', text: { default: 'Price', it: 'Prezzo' } },
            { value: 'ui', text: 'UI' },
          ],
        },
        { type: 'comment', name: 'detractor', visibleIf: '{nps} <= 6', isRequired: true },
        { type: 'text', name: 'email', validators: [{ type: 'email' }] },
      ],
    },
  ],
};

describe('surveyAnswerProblems (SurveyJS on the server)', () => {
  it('finds required visible questions without an answer, and only visible ones', () => {
    expect(surveyAnswerProblems(nps, {}, 's').map((p) => p.path)).toEqual(['s.nps']);
    expect(surveyAnswerProblems(nps, { nps: 9 }, 's')).toEqual([
      { path: 's.promoter', messageKey: 'errors.surveys.answerRequired' },
    ]);
    expect(surveyAnswerProblems(nps, { nps: 3 }, 's').map((p) => p.path)).toEqual(['s.detractor']);
    expect(surveyAnswerProblems(nps, { nps: 8 }, 's')).toEqual([]);
  });

  it('refuses more selections than allowed and failing validators', () => {
    expect(surveyAnswerProblems(nps, { nps: 10, promoter: ['speed', 'price', 'ui'] }, 's')).toEqual([
      { path: 's.promoter', messageKey: 'errors.surveys.tooManySelections', params: { maximum: 2 } },
    ]);
    expect(surveyAnswerProblems(nps, { nps: 8, email: 'nope' }, 's')).toEqual([
      { path: 's.email', messageKey: 'errors.surveys.answerInvalid' },
    ]);
  });

  it('checks every page and treats an unreadable model as nothing to check', () => {
    const twoPages = {
      pages: [
        { elements: [{ type: 'text', name: 'a' }] },
        { elements: [{ type: 'text', name: 'b', isRequired: true }] },
      ],
    };
    expect(surveyAnswerProblems(twoPages, { a: 'x' }, 's').map((p) => p.path)).toEqual(['s.b']);
    expect(surveyAnswerProblems('nope', {}, 's')).toEqual([]);
    expect(surveyAnswerProblems([1, 2], {}, 's')).toEqual([]);
  });
});

describe('surveyAnswerDisplay', () => {
  it('gives titles and choice texts in the locale, for visible answered questions', () => {
    expect(surveyAnswerDisplay(nps, { nps: 9, promoter: ['speed', 'ui'] }, 'it')).toEqual([
      { name: 'nps', title: 'Punteggio', answer: '9' },
      { name: 'promoter', title: 'Funzioni', answer: 'Velocità, UI' },
    ]);
    expect(surveyAnswerDisplay(nps, { nps: 9, promoter: ['price'] }, 'en')).toEqual([
      { name: 'nps', title: 'Score', answer: '9' },
      { name: 'promoter', title: 'Features', answer: 'Price' },
    ]);
  });

  it('shows nothing for hidden questions or unreadable input', () => {
    expect(surveyAnswerDisplay(nps, { nps: 3, promoter: ['speed'] }, 'en')).toEqual([
      { name: 'nps', title: 'Score', answer: '3' },
    ]);
    expect(surveyAnswerDisplay('bad', { a: 1 }, 'en')).toEqual([]);
    // Stored strings work as they are.
    expect(surveyAnswerDisplay(JSON.stringify(nps), '{"nps":5}', 'en')).toEqual([
      { name: 'nps', title: 'Score', answer: '5' },
    ]);
    expect(surveyAnswerDisplay(JSON.stringify(nps), 'not json', 'en')).toEqual([]);
    expect(surveyAnswerDisplay(nps, 'bad', 'en')).toEqual([]);
  });

  it('flattens matrices and dynamic panels to readable text', () => {
    const model = {
      elements: [
        {
          type: 'matrix',
          name: 'm',
          title: 'Matrix',
          columns: [
            { value: 1, text: 'Low' },
            { value: 2, text: 'High' },
          ],
          rows: [{ value: 'r1', text: 'Row 1' }],
        },
        { type: 'boolean', name: 'b', title: 'Agree' },
      ],
    };
    const lines = surveyAnswerDisplay(model, { m: { r1: 2 }, b: true }, 'en');
    expect(lines.map((l) => l.title)).toEqual(['Matrix', 'Agree']);
    expect(lines[0]?.answer).toContain('High');
  });
});

describe('the NPS template on the server (SPEC 5)', () => {
  it('asks promoters at most two features, passives and detractors for a comment', async () => {
    const { NPS_TEMPLATE } = await import('@impact/domain');
    expect(surveyAnswerProblems(NPS_TEMPLATE, { nps_score: 9 }, 's').map((p) => p.path)).toEqual([
      's.promoter_features',
    ]);
    expect(
      surveyAnswerProblems(NPS_TEMPLATE, { nps_score: 10, promoter_features: ['ease', 'support', 'funding'] }, 's'),
    ).toEqual([
      { path: 's.promoter_features', messageKey: 'errors.surveys.tooManySelections', params: { maximum: 2 } },
    ]);
    expect(surveyAnswerProblems(NPS_TEMPLATE, { nps_score: 10, promoter_features: ['ease', 'support'] }, 's')).toEqual(
      [],
    );
    const shown = (score: number) =>
      surveyAnswerDisplay(NPS_TEMPLATE, { nps_score: score, passive_comment: 'p', detractor_comment: 'd' }, 'fr');
    expect(shown(7).map((l) => l.name)).toEqual(['nps_score', 'passive_comment']);
    expect(shown(3).map((l) => l.name)).toEqual(['nps_score', 'detractor_comment']);
    expect(shown(3)[1]?.title).toContain('déçu');
  });
});

describe('withoutHiddenAnswers (what the applicant no longer sees is not kept)', () => {
  it('drops the comment of a score given before and the features of a promoter who is now a detractor', async () => {
    const { NPS_TEMPLATE } = await import('@impact/domain');
    const sent = { nps_score: 3, passive_comment: 'slow', promoter_features: ['ease'], detractor_comment: 'bad' };
    expect(withoutHiddenAnswers(NPS_TEMPLATE, sent)).toEqual({ nps_score: 3, detractor_comment: 'bad' });
    // What is shown stays exactly as sent; a model SurveyJS cannot load changes nothing.
    expect(withoutHiddenAnswers(NPS_TEMPLATE, { nps_score: 8, passive_comment: 'ok' })).toEqual({
      nps_score: 8,
      passive_comment: 'ok',
    });
    expect(withoutHiddenAnswers('nope', sent)).toEqual(sent);
  });

  it('keeps a hidden value when the model says to keep it, and drops answers on a hidden page', () => {
    const model = {
      pages: [
        { name: 'p1', elements: [{ type: 'boolean', name: 'more' }] },
        {
          name: 'p2',
          visibleIf: '{more} = true',
          elements: [{ type: 'text', name: 'detail' }],
        },
        {
          name: 'p3',
          elements: [{ type: 'text', name: 'kept', visibleIf: '{more} = true', clearIfInvisible: 'none' }],
        },
      ],
    };
    expect(withoutHiddenAnswers(model, { more: false, detail: 'x', kept: 'y' })).toEqual({ more: false, kept: 'y' });
  });

  it('never clears a question whose choices come from a URL (no browser here: it only looks hidden)', () => {
    const model = {
      elements: [
        {
          type: 'dropdown',
          name: 'city',
          hideIfChoicesEmpty: true,
          choicesByUrl: { url: 'https://example.org/cities' },
        },
      ],
    };
    expect(withoutHiddenAnswers(model, { city: 'Roma' })).toEqual({ city: 'Roma' });
  });
});
