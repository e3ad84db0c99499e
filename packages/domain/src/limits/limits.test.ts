import { describe, expect, it } from 'vitest';
import { checkSurveyContent } from '../step-types/survey';
import { jsonBoundIssue, measureJson } from './json-bounds';
import { surveyAnswerBoundIssue, surveyAnswerLimits } from './survey-answer-bounds';
import { regexValidatorPatterns, surveyModelBoundIssue } from './survey-model-bounds';

const deep = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

describe('json bounds', () => {
  it('measures a value nested 100,000 levels deep without recursion', () => {
    expect(measureJson(deep(100_000)).depth).toBe(100_000);
  });
  it('names the first bound broken, with its maximum', () => {
    const limits = { maxDepth: 3, maxArray: 2, maxString: 4, maxNodes: 10 };
    expect(jsonBoundIssue({ a: [1, 2] }, limits)).toBeNull();
    expect(jsonBoundIssue({ a: { b: { c: 1 } } }, limits)).toEqual({
      messageKey: 'errors.limits.tooDeep',
      params: { maximum: 3 },
    });
    expect(jsonBoundIssue([1, 2, 3], limits)?.messageKey).toBe('errors.limits.listTooLong');
    expect(jsonBoundIssue({ abcde: 1 }, limits)?.messageKey).toBe('errors.limits.textTooLong');
    expect(jsonBoundIssue({ a: [1, 2], b: [1, 2], c: [1, 2], d: [1] }, limits)?.messageKey).toBe(
      'errors.limits.tooManyParts',
    );
  });
});

describe('survey model bounds', () => {
  const page = (elements: unknown[]) => ({ pages: [{ name: 'p', elements }] });
  it('accepts a real form and refuses each bound past its limit', () => {
    const ok = page([{ type: 'checkbox', name: 'q', choices: ['a', 'b'] }]);
    expect(checkSurveyContent(JSON.stringify(ok)).ok).toBe(true);
    const many = page([{ type: 'checkbox', name: 'q', choices: Array.from({ length: 1_001 }, (_, i) => i) }]);
    expect(surveyModelBoundIssue('', many)?.messageKey).toBe('errors.limits.tooManyChoices');
    const questions = page(Array.from({ length: 2_001 }, (_, i) => ({ type: 'text', name: `q${i}` })));
    expect(surveyModelBoundIssue('', questions)?.messageKey).toBe('errors.limits.tooManyQuestions');
    expect(surveyModelBoundIssue('', { pages: deep(40) })?.messageKey).toBe('errors.limits.tooDeep');
    const big = checkSurveyContent(`{"title":"${'x'.repeat(500_001)}"}`);
    expect(big.ok || big.issues[0]?.messageKey).toBe('errors.limits.modelTooLarge');
  });
  it('finds every regex validator, at any depth', () => {
    const m = page([
      {
        type: 'panel',
        name: 'p',
        elements: [{ type: 'text', name: 'a', validators: [{ type: 'regex', regex: '^a$' }] }],
      },
      { type: 'text', name: 'b', validators: [{ type: 'numeric' }, { type: 'regex', regex: '^b$' }] },
    ]);
    expect(regexValidatorPatterns(m).sort()).toEqual(['^a$', '^b$']);
  });
});

describe('survey answer bounds', () => {
  const model = {
    pages: [
      {
        name: 'p',
        elements: [
          { type: 'checkbox', name: 'areas', choices: ['a', 'b', 'c'] },
          { type: 'panel', name: 'box', elements: [{ type: 'text', name: 'site' }] },
          { type: 'comment', name: 'story', maxLength: 10 },
          { type: 'checkbox', name: 'remote', choicesByUrl: { url: 'x' }, choices: [] },
        ],
      },
    ],
  };
  const limits = surveyAnswerLimits(model);
  it('bounds selections by the choices (plus other and none) and texts by their question', () => {
    expect(surveyAnswerBoundIssue({ areas: ['a', 'b', 'c', 'other', 'none'] }, limits)).toBeNull();
    expect(surveyAnswerBoundIssue({ areas: ['a', 'b', 'c', 'd', 'e', 'f'] }, limits)).toMatchObject({
      question: 'areas',
      messageKey: 'errors.limits.tooManySelections',
      params: { maximum: 5 },
    });
    expect(surveyAnswerBoundIssue({ site: 'x'.repeat(5_001) }, limits)?.question).toBe('site');
    expect(surveyAnswerBoundIssue({ story: 'x'.repeat(11) }, limits)?.params.maximum).toBe(10);
    // Choices loaded from elsewhere: only the generic bound.
    expect(surveyAnswerBoundIssue({ remote: Array.from({ length: 900 }, (_, i) => i) }, limits)).toBeNull();
  });
});
