import { describe, expect, it } from 'vitest';
import {
  applicantSurveyContent,
  defaultStepContent,
  isKnownStepType,
  parseJsonObject,
  pickableStepTypes,
  quizKeyOf,
  SINGLE_TEXT_QUESTION_ID,
  STEP_TYPE_NAMES,
  stepTypeDefinition,
  subStepCountOf,
  textAnswerOf,
  textAnswersOf,
  textQuestions,
} from './index';

const step = (content: string, expectedAnswers: string | null = null) => ({ content, expectedAnswers });

describe('step-type registry', () => {
  it('knows the six SPEC types, the budget and the impact actuals, in order, and nothing else', () => {
    expect(STEP_TYPE_NAMES).toEqual([
      'text',
      'upload',
      'miniDyi',
      'results',
      'survey',
      'quiz',
      'budget',
      'impactActuals',
    ]);
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

describe('text with several questions', () => {
  const def = stepTypeDefinition('text');
  const content = JSON.stringify({
    question: '<p>In breve</p>',
    questions: [
      { id: 'title', label: 'Titolo', maxLength: 5, required: true },
      { id: 'team', label: 'Gruppo', help: 'Facoltativo', required: false },
    ],
  });
  it('blocks on each required question left blank and on each answer over its limit; optional ones may stay empty', () => {
    expect(def.parseContent(content).ok).toBe(true);
    expect(def.answerProblems(step(content), undefined)).toEqual(['applying.validation.textRequired']);
    expect(def.answerProblems(step(content), JSON.stringify({ answers: { title: 'Orti' } }))).toEqual([]);
    expect(def.answerProblems(step(content), JSON.stringify({ answers: { title: 'Orti urbani' } }))).toEqual([
      'applying.validation.textTooLong',
    ]);
    expect(def.answerProblems(step(content), JSON.stringify({ answers: { team: 'Noi' } }))).toEqual([
      'applying.validation.textRequired',
    ]);
  });

  it('takes only digits for a number question: "twelve" blocks, "12" and "2,5" pass', () => {
    const months = JSON.stringify({ questions: [{ id: 'months', label: 'Mesi', required: true, kind: 'number' }] });
    const problems = (answer: string) =>
      def.answerProblems(step(months), JSON.stringify({ answers: { months: answer } }));
    expect(def.parseContent(months).ok).toBe(true);
    expect(problems('twelve')).toEqual(['applying.validation.numberInvalid']);
    expect(problems('12 mesi')).toEqual(['applying.validation.numberInvalid']);
    expect(problems(' 12 ')).toEqual([]);
    expect(problems('2,5')).toEqual([]);
    expect(problems('1.25')).toEqual([]);
    // Thousands in Italian, decimals in English: refused rather than guessed.
    expect(problems('80.000')).toEqual(['applying.validation.numberInvalid']);
    expect(problems('1,000')).toEqual(['applying.validation.numberInvalid']);
    expect(problems('80000')).toEqual([]);
    // Three decimals that cannot be thousands pass.
    expect(problems('0,125')).toEqual([]);
    expect(problems('1234.567')).toEqual([]);
    expect(problems('')).toEqual(['applying.validation.textRequired']);
  });

  it('refuses two questions with one id, a blank label and an empty list', () => {
    const twice = {
      questions: [
        { id: 'a', label: 'A', required: true },
        { id: 'a', label: 'B', required: true },
      ],
    };
    const check = def.parseContent(JSON.stringify(twice));
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.issues).toContainEqual({ path: 'questions.1.id', messageKey: 'errors.textStep.duplicateId' });
    expect(def.parseContent(JSON.stringify({ questions: [{ id: 'a', label: ' ', required: true }] })).ok).toBe(false);
    expect(def.parseContent(JSON.stringify({ questions: [] })).ok).toBe(false);
  });

  it('reads a one-question step of the original shape, and its answer, as one required question', () => {
    const old = JSON.stringify({ question: '<p>Descrivi</p>', maxLength: 10 });
    expect(textQuestions(old)).toEqual([{ id: 'answer', label: '', required: true, maxLength: 10 }]);
    expect(textAnswersOf(JSON.stringify({ answer: 'Orti' }))).toEqual({ answer: 'Orti' });
    expect(textAnswerOf(JSON.stringify({ answer: 'Orti' }))).toBe('Orti');
    // An answer saved before the step asked several questions stays its first question's.
    expect(textAnswersOf(JSON.stringify({ answer: 'Orti' }))[SINGLE_TEXT_QUESTION_ID]).toBe('Orti');
  });

  it("puts a language's labels and help in, the default's where one is missing", () => {
    const localised = JSON.parse(
      def.localisedContent?.(content, { question: '<p>In short</p>', questions: { title: { label: 'Title' } } }) ?? '',
    );
    expect(localised.question).toBe('<p>In short</p>');
    expect(localised.questions).toEqual([
      { id: 'title', label: 'Title', maxLength: 5, required: true },
      { id: 'team', label: 'Gruppo', help: 'Facoltativo', required: false },
    ]);
    // Nothing written in the language: the content as it was, byte for byte.
    expect(def.localisedContent?.(content, {})).toBe(content);
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
    // A key written with an escape is still a key once parsed: it is taken out too.
    const escaped = model.replaceAll('correctAnswer', 'correct\\u0041nswer');
    expect(escaped).not.toContain('correctAnswer');
    expect(JSON.parse(def.applicantContent(escaped)).pages[0].elements[0]).not.toHaveProperty('correctAnswer');
    // A model with no key is passed on as written (not parsed and written again).
    const plain = ' { "pages": [ {"elements": [] } ] } ';
    expect(def.applicantContent(plain)).toBe(plain);
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
