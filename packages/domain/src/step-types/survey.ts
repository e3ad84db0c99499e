import { z } from 'zod';
import { SURVEY_MODEL_LIMITS, surveyModelBoundIssue } from '../limits/survey-model-bounds';
import type { TContentCheck, TStepTypeDefinition } from './definition';
import { isJsonObject, parseJson, parseJsonObject, type TJsonObject } from './json';

/** A survey answer is SurveyJS's answer data: one JSON object keyed by question name. */
export const ZSurveyAnswer = z.record(z.string(), z.unknown());

/** A step's SurveyJS model: a JSON object (an empty content means "not built yet"). */
export function parseSurveyModel(content: string): TJsonObject | null {
  return parseJsonObject(content);
}

export function surveyAnswerOf(content: string | undefined): TJsonObject | null {
  return parseJsonObject(content);
}

/**
 * Admins save any SurveyJS JSON object within the model's bounds (size, depth, elements, choices)
 * unchanged; anything else (not JSON, an array, a model past a bound) is refused.
 */
export function checkSurveyContent(content: string): TContentCheck {
  if (content.trim() === '') return { ok: true, value: content };
  if (content.length > SURVEY_MODEL_LIMITS.maxLength) {
    return {
      ok: false,
      issues: [
        { path: '', messageKey: 'errors.limits.modelTooLarge', params: { maximum: SURVEY_MODEL_LIMITS.maxLength } },
      ],
    };
  }
  const model = parseJson(content);
  if (!isJsonObject(model)) return { ok: false, issues: [{ path: '' }] };
  const bound = surveyModelBoundIssue(content, model);
  return bound ? { ok: false, issues: [{ path: '', ...bound }] } : { ok: true, value: content };
}

/** Removes every `correctAnswer` from a model, at any depth (pages, panels, dynamic panels, matrices). */
export function stripCorrectAnswers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripCorrectAnswers);
  if (!isJsonObject(value)) return value;
  const out: TJsonObject = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'correctAnswer') out[key] = stripCorrectAnswers(v);
  return out;
}

/**
 * The model without answer keys, as a string; unreadable content is passed on as it is (it holds
 * none). A model whose text cannot spell the key, even escaped, is passed on unparsed: this runs
 * for every survey step of every Submit, and a large model costs milliseconds to parse and write.
 */
export function applicantSurveyContent(content: string): string {
  if (!content.includes('correctAnswer') && !content.includes('\\u')) return content;
  const model = parseJson(content);
  return model === undefined ? content : JSON.stringify(stripCorrectAnswers(model));
}

/** SurveyJS elements that hold or show something but ask nothing. */
const NOT_QUESTIONS = new Set(['panel', 'flowpanel', 'html', 'image', 'expression']);

/**
 * Whether a model asks anything: some element of an `elements` (or SurveyJS's older `questions`)
 * list, at any depth, is a question (a panel, a text or an image alone asks nothing).
 */
export function surveyAsksSomething(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(surveyAsksSomething);
  if (!isJsonObject(value)) return false;
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'elements' || key === 'questions') && Array.isArray(v) && v.some(isQuestion)) return true;
    if (typeof v === 'object' && surveyAsksSomething(v)) return true;
  }
  return false;
}

const isQuestion = (element: unknown) =>
  isJsonObject(element) && typeof element.type === 'string' && !NOT_QUESTIONS.has(element.type.toLowerCase());

/** A survey (or quiz) step asks nothing until its model has a question. */
export const surveyUnfinished = (content: string): string[] =>
  surveyAsksSomething(parseSurveyModel(content)) ? [] : ['errors.calls.unfinished.surveyNoQuestion'];

/** A survey step is complete when it has an answer; its questions are checked by SurveyJS itself. */
export function surveyAnswerProblems(content: string | undefined): string[] {
  return surveyAnswerOf(content) ? [] : ['applying.validation.surveyIncomplete'];
}

/** SPEC 3, 5: a SurveyJS form; validated by completing its last page. */
export const surveyStepType: TStepTypeDefinition<'survey'> = {
  name: 'survey',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: '',
  parseContent: checkSurveyContent,
  answerSchema: ZSurveyAnswer,
  serverKeptAnswer: false,
  answerProblems: (_step, content) => surveyAnswerProblems(content),
  applicantContent: applicantSurveyContent,
  scored: false,
  unfinished: surveyUnfinished,
};
