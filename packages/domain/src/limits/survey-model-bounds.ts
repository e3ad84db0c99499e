import { isJsonObject } from '../step-types/json';
import { jsonBoundIssue, type TBoundIssue } from './json-bounds';

/**
 * What a SurveyJS model may hold. Far above a real application form (the largest seen has about
 * 150 questions); low enough that loading, validating and printing one stays well under a second.
 */
export const SURVEY_MODEL_LIMITS = {
  /** Characters of the model's JSON text (at most 1 MB of UTF-8 for the common letters). */
  maxLength: 500_000,
  maxDepth: 32,
  /** Pages, panels, questions and matrix columns together. */
  maxElements: 2_000,
  /** Choices, rows, columns or rate values of one question. */
  maxChoices: 1_000,
} as const;

const CHOICE_LISTS = ['choices', 'rows', 'columns', 'rateValues'] as const;

/** Walks every object of a model without recursion (its depth is checked first, but stay safe). */
function* objectsOf(model: unknown): Generator<Record<string, unknown>> {
  const stack: unknown[] = [model];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (isJsonObject(v)) {
      yield v;
      for (const item of Object.values(v)) if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
}

/** The first bound a model breaks (size, depth, elements, choices), or null. */
export function surveyModelBoundIssue(text: string, model: unknown): TBoundIssue | null {
  const L = SURVEY_MODEL_LIMITS;
  if (text.length > L.maxLength) return { messageKey: 'errors.limits.modelTooLarge', params: { maximum: L.maxLength } };
  const shape = jsonBoundIssue(model, {
    maxDepth: L.maxDepth,
    maxArray: Number.MAX_SAFE_INTEGER,
    maxString: Number.MAX_SAFE_INTEGER,
    maxNodes: Number.MAX_SAFE_INTEGER,
  });
  if (shape) return shape;
  let elements = 0;
  for (const o of objectsOf(model)) {
    if (typeof o.name === 'string' && (typeof o.type === 'string' || Array.isArray(o.elements))) elements += 1;
    if (elements > L.maxElements)
      return { messageKey: 'errors.limits.tooManyQuestions', params: { maximum: L.maxElements } };
    for (const list of CHOICE_LISTS) {
      const value = o[list];
      if (Array.isArray(value) && value.length > L.maxChoices)
        return { messageKey: 'errors.limits.tooManyChoices', params: { maximum: L.maxChoices } };
    }
  }
  return null;
}

/**
 * Every `regex` of a model, whatever object holds it (checked by the server before it is saved):
 * SurveyJS reads a validator's type without regard to case and with or without "validator", so
 * no spelling of it may slip a pattern past the check.
 */
export function regexValidatorPatterns(model: unknown): string[] {
  const patterns: string[] = [];
  for (const o of objectsOf(model)) if (typeof o.regex === 'string') patterns.push(o.regex);
  return patterns;
}
