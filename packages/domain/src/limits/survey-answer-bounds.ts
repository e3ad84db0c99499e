import { isJsonObject, type TJsonObject } from '../step-types/json';
import { jsonBoundIssue, type TBoundIssue } from './json-bounds';

/**
 * What any survey or quiz answer may hold, whatever its model: enough for dynamic panels inside
 * matrices and for long narrative answers; far from what freezes a validator or fills a heap.
 */
export const SURVEY_ANSWER_LIMITS = { maxDepth: 8, maxArray: 1_000, maxString: 50_000, maxNodes: 20_000 } as const;

/** Default lengths of a question's text when its model sets no `maxLength`. */
export const ANSWER_TEXT_LIMITS = { text: 5_000, comment: 50_000 } as const;

/** Question types whose answer is a list of the question's choices. */
const CHOICE_LIST_TYPES = new Set(['checkbox', 'tagbox', 'ranking', 'imagepicker']);
/** "Other" and "none" add a value each beside the choices. */
const EXTRA_CHOICE_VALUES = 2;

type TQuestionLimit = { maxItems?: number; maxLength?: number };
export type TSurveyAnswerLimits = Map<string, TQuestionLimit>;

function limitOf(question: TJsonObject): TQuestionLimit | null {
  const type = question.type;
  const maxLength = Number(question.maxLength);
  const ownLength = Number.isInteger(maxLength) && maxLength > 0 ? maxLength : null;
  if (type === 'text') return { maxLength: ownLength ?? ANSWER_TEXT_LIMITS.text };
  if (type === 'comment') return { maxLength: ownLength ?? ANSWER_TEXT_LIMITS.comment };
  // Choices loaded from a URL or another question are not known here: the generic bound holds.
  if (typeof type === 'string' && CHOICE_LIST_TYPES.has(type) && Array.isArray(question.choices)) {
    if (question.choicesByUrl || question.choicesFromQuestion) return null;
    return { maxItems: question.choices.length + EXTRA_CHOICE_VALUES };
  }
  return null;
}

/**
 * The per-question bounds of a model's top-level answers: questions on pages and in panels (a
 * dynamic panel's or a matrix's inner questions answer inside their parent's value, bounded by
 * SURVEY_ANSWER_LIMITS).
 */
export function surveyAnswerLimits(model: unknown): TSurveyAnswerLimits {
  const limits: TSurveyAnswerLimits = new Map();
  if (!isJsonObject(model)) return limits;
  const stack: unknown[] = [model.pages, model.elements, model.questions];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
      continue;
    }
    if (!isJsonObject(v)) continue;
    if (Array.isArray(v.elements) || Array.isArray(v.questions)) {
      stack.push(v.elements, v.questions); // a page or a panel
      continue;
    }
    if (typeof v.name !== 'string') continue;
    const limit = limitOf(v);
    if (limit) limits.set(v.valueName && typeof v.valueName === 'string' ? v.valueName : v.name, limit);
  }
  return limits;
}

/** The first bound an answer breaks, with the question it names, or null. */
export function surveyAnswerBoundIssue(
  answer: unknown,
  limits: TSurveyAnswerLimits,
): (TBoundIssue & { question?: string }) | null {
  const generic = jsonBoundIssue(answer, SURVEY_ANSWER_LIMITS);
  if (generic) return generic;
  if (!isJsonObject(answer)) return null;
  for (const [name, value] of Object.entries(answer)) {
    const limit = limits.get(name);
    if (!limit) continue;
    if (limit.maxItems !== undefined && Array.isArray(value) && value.length > limit.maxItems)
      return { messageKey: 'errors.limits.tooManySelections', params: { maximum: limit.maxItems }, question: name };
    if (limit.maxLength !== undefined && typeof value === 'string' && value.length > limit.maxLength)
      return { messageKey: 'errors.limits.answerTooLong', params: { maximum: limit.maxLength }, question: name };
  }
  return null;
}
