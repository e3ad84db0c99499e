import { describe, expect, it } from 'vitest';
import {
  applicantSurveyContent,
  defaultStepContent,
  isKnownStepType,
  parseJsonObject,
  pickableStepTypes,
  quizKeyOf,
  STEP_TYPE_NAMES,
  stepTypeDefinition,
  subStepCountOf,
} from './index';

const step = (content: string, expectedAnswers: string | null = null) => ({ content, expectedAnswers });

describe('step-type registry', () => {
  it('knows the six SPEC types, in order, and nothing else', () => {
    expect(STEP_TYPE_NAMES).toEqual(['text', 'upload', 'miniDyi', 'results', 'survey', 'quiz']);
    expect(isKnownStepType('survey')).toBe(true);
    expect(isKnownStepType('custom')).toBe(false);
    expect(stepTypeDefinition('custom').answerProblems(step(''), 'x')).toEqual([]);
    expect(pickableStepTypes(STEP_TYPE_NAMES.map((name) => ({ name }))).map((t) => t.name)).not.toContain('quiz');
  });

  it('reads stored JSON without ever throwing', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    for (const bad of ['', 'not json', '[1]', 'null', '3', undefined, null]) expect(parseJsonObject(bad)).toBeNull();
  });
});

describe('text', () => {
  const def = stepTypeDefinition('text');
  const s = step(JSON.stringify({ question: 'q', maxLength: 3 }));
  it('requires an answer within the limit', () => {
    expect(def.answerProblems(s, undefined)).toEqual(['applying.validation.textRequired']);
    expect(def.answerProblems(s, JSON.stringify({ answer: 'long' }))).toEqual(['applying.validation.textTooLong']);
    expect(def.answerProblems(s, JSON.stringify({ answer: 'ok' }))).toEqual([]);
    expect(def.answerProblems(step('garbage'), 'garbage')).toEqual(['applying.validation.textRequired']);
    expect(def.parseContent('nope').ok).toBe(false);
    expect(JSON.parse(defaultStepContent('text'))).toEqual({ question: '' });
  });
});

describe('upload', () => {
  const def = stepTypeDefinition('upload');
  const slot = { file_name: 'cv', file_description: '', file_type: 'pdf', dimensions: 10, mandatory: true };
  it('needs the mandatory files; its answer is kept by the server', () => {
    const s = step(JSON.stringify([slot]));
    expect(def.answerProblems(s, undefined)).toEqual(['applying.validation.filesMissing']);
    const files = [
      { slot: 'cv', fileDownloadId: '00000000-0000-4000-8000-000000000001', fileName: 'a', description: '' },
    ];
    expect(def.answerProblems(s, JSON.stringify({ files }))).toEqual([]);
    expect(def.serverKeptAnswer).toBe(true);
    expect(defaultStepContent('upload')).toBe('[]');
  });
});

describe('miniDyi', () => {
  const def = stepTypeDefinition('miniDyi');
  it('has six sub-steps and needs a budget to be submitted', () => {
    expect(subStepCountOf('miniDyi')).toBe(6);
    expect(def.answerProblems(step(''), undefined, 0)).toEqual([]);
    expect(def.answerProblems(step(''), undefined)).toContain('errors.impact.budgetRequired');
    expect(def.scored).toBe(true);
  });
});

describe('survey', () => {
  const def = stepTypeDefinition('survey');
  it('stores any SurveyJS object unchanged and needs an answer object', () => {
    const model = '{"pages":[{"elements":[{"type":"text","name":"q","title":{"it":"Domanda","en":"Question"}}]}]}';
    expect(def.parseContent(model)).toEqual({ ok: true, value: model });
    expect(def.parseContent('[1]').ok).toBe(false);
    expect(def.parseContent('{bad').ok).toBe(false);
    expect(def.answerProblems(step(model), undefined)).toEqual(['applying.validation.surveyIncomplete']);
    expect(def.answerProblems(step(model), '{"q":"x"}')).toEqual([]);
    expect(def.answerSchema?.safeParse([]).success).toBe(false);
    expect(subStepCountOf('survey')).toBe(1);
  });
});

describe('quiz', () => {
  const def = stepTypeDefinition('quiz');
  const model = JSON.stringify({
    pages: [
      { elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'], correctAnswer: 'a' }] },
      { elements: [{ type: 'panel', elements: [{ type: 'text', name: 'q2', correctAnswer: '4' }] }] },
    ],
  });
  it('keeps its key on the server and strips it for applicants', () => {
    expect(quizKeyOf(step(model))).toEqual({ q1: 'a', q2: '4' });
    expect(quizKeyOf(step(model, '{"q1":"b"}'))).toEqual({ q1: 'b' });
    expect(def.applicantContent(model)).not.toContain('correctAnswer');
    expect(applicantSurveyContent('not json')).toBe('not json');
    expect(def.hiddenInPicker).toBe(true);
    expect(def.scored).toBe(true);
  });
});

describe('results', () => {
  const def = stepTypeDefinition('results');
  it('asks nothing and cannot be written by applicants', () => {
    expect(def.answerProblems(step(''), undefined)).toEqual([]);
    expect(def.serverKeptAnswer).toBe(true);
  });
});
