import { STEP_TYPE_NAMES, type TUserStep } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { stepProblems, stepsDone, WEB_STEP_TYPE_NAMES } from './index';
import { surveyValidity } from './survey/survey-validity';

const step = (type: string, content: unknown): TUserStep => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 's',
  description: '',
  content: JSON.stringify(content),
  sort: 0,
  stepTypeId: '00000000-0000-4000-8000-000000000002',
  stepType: { name: type },
  subSteps: [],
});

describe('stepProblems (Next is blocked while a step is not valid)', () => {
  it('text: required and within the limit', () => {
    const s = step('text', { question: 'q', maxLength: 5 });
    expect(stepProblems(s, undefined)).toEqual(['applying.validation.textRequired']);
    expect(stepProblems(s, JSON.stringify({ answer: '   ' }))).toEqual(['applying.validation.textRequired']);
    expect(stepProblems(s, JSON.stringify({ answer: 'toolong' }))).toEqual(['applying.validation.textTooLong']);
    expect(stepProblems(s, JSON.stringify({ answer: 'ok' }))).toEqual([]);
  });
  it('upload: mandatory files only', () => {
    const s = step('upload', [
      { file_name: 'A', file_description: '', file_type: 'pdf', dimensions: 10, mandatory: true },
      { file_name: 'B', file_description: '', file_type: 'pdf', dimensions: 10, mandatory: false },
    ]);
    expect(stepProblems(s, undefined)).toEqual(['applying.validation.filesMissing']);
    const a = { slot: 'A', fileDownloadId: '00000000-0000-4000-8000-000000000003', fileName: 'a.pdf', description: '' };
    expect(stepProblems(s, JSON.stringify({ files: [a] }))).toEqual([]);
  });
});

describe('stepsDone (the ticks of the step menu)', () => {
  const text = { ...step('text', { question: 'q', maxLength: 50 }), id: '00000000-0000-4000-8000-00000000000a' };
  const results = { ...step('results', ''), id: '00000000-0000-4000-8000-00000000000b' };
  it('ticks the results step only once every step before it is done', () => {
    expect(stepsDone([text, results], () => undefined)).toEqual([false, false]);
    const answered = (s: TUserStep) => (s.id === text.id ? JSON.stringify({ answer: 'yes' }) : undefined);
    expect(stepsDone([text, results], answered)).toEqual([true, true]);
  });
  it('judges an answered step on its own, whatever comes before it', () => {
    const answered = (s: TUserStep) => (s.id === text.id ? JSON.stringify({ answer: 'yes' }) : undefined);
    const other = { ...text, id: '00000000-0000-4000-8000-00000000000c' };
    expect(stepsDone([other, text], answered)).toEqual([false, true]);
  });
});

describe('web step-type registry', () => {
  it('has a component for every type the shared registry knows', () => {
    expect([...WEB_STEP_TYPE_NAMES].sort()).toEqual([...STEP_TYPE_NAMES].sort());
  });

  it("a survey step adds the form's own findings to the shared check", () => {
    const s = step('survey', { pages: [] });
    expect(stepProblems(s, undefined)).toEqual(['applying.validation.surveyIncomplete']);
    expect(stepProblems(s, '{}')).toEqual([]);
    surveyValidity.set(s.id, ['errors.surveys.tooManySelections']);
    expect(stepProblems(s, '{"a":1}')).toEqual(['errors.surveys.tooManySelections']);
    surveyValidity.set(s.id, []);
  });
});
