import { isJsonObject, type TJsonObject } from '@impact/domain';
import type { TValidatorKind } from './kinds';

/** The SurveyJS validator type behind each kind the builder offers, and the numbers it takes. */
export const VALIDATOR_TYPES = {
  length: { type: 'text', bounds: ['minLength', 'maxLength'] },
  range: { type: 'numeric', bounds: ['minValue', 'maxValue'] },
  pattern: { type: 'regex', bounds: [] },
} as const satisfies Record<TValidatorKind, { type: string; bounds: readonly string[] }>;

function list(element: TJsonObject): unknown[] {
  return Array.isArray(element.validators) ? element.validators : [];
}

/** The element's first validator of a kind, or null. */
export function validatorOf(element: TJsonObject, kind: TValidatorKind): TJsonObject | null {
  const found = list(element).find((v) => isJsonObject(v) && v.type === VALIDATOR_TYPES[kind].type);
  return isJsonObject(found) ? found : null;
}

/**
 * The element with that validator replaced (null removes it). Other validators stay in place;
 * an element left with none loses its `validators` list.
 */
export function withValidator(element: TJsonObject, kind: TValidatorKind, validator: TJsonObject | null): TJsonObject {
  const type = VALIDATOR_TYPES[kind].type;
  const current = list(element);
  const index = current.findIndex((v) => isJsonObject(v) && v.type === type);
  const next = [...current];
  if (validator === null) {
    if (index >= 0) next.splice(index, 1);
  } else if (index >= 0) next[index] = { ...validator, type };
  else next.push({ ...validator, type });
  const out = { ...element };
  if (next.length === 0) delete out.validators;
  else out.validators = next;
  return out;
}

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The check that carries a checkbox's "too many" message: SurveyJS's `answercount` validator, or
 * the `count({q}) <= n` expression our NPS template was written with.
 */
const isMaxSelectionsCheck = (name: string) => (v: unknown) =>
  isJsonObject(v) &&
  ((v.type === 'answercount' && v.maxCount !== undefined) ||
    (v.type === 'expression' &&
      typeof v.expression === 'string' &&
      new RegExp(`^count\\(\\{${escaped(name)}\\}\\)\\s*<=\\s*\\d+$`).test(v.expression.trim())));

/** The message shown when too many options are picked. */
export function maxSelectionsMessage(element: TJsonObject): unknown {
  const name = typeof element.name === 'string' ? element.name : '';
  const found = list(element).find(isMaxSelectionsCheck(name));
  return isJsonObject(found) ? found.text : undefined;
}

/**
 * Sets a checkbox's maximum of selections and its message: SurveyJS's `maxSelectedChoices`
 * (which disables further options) plus a check carrying the message (the existing one rewritten
 * in place, else an `answercount` validator), which also refuses an answer saved past the limit.
 */
export function withMaxSelections(element: TJsonObject, max: number | undefined, message: unknown): TJsonObject {
  const name = typeof element.name === 'string' ? element.name : '';
  const out: TJsonObject = { ...element };
  const current = list(element);
  const index = current.findIndex(isMaxSelectionsCheck(name));
  const next = [...current];
  const check = index >= 0 ? (next[index] as TJsonObject) : null;
  if (max === undefined) delete out.maxSelectedChoices;
  else out.maxSelectedChoices = max;
  const wanted = max !== undefined && message !== undefined && message !== '';
  if (!wanted) {
    if (index >= 0) next.splice(index, 1);
  } else if (check?.type === 'expression') {
    next[index] = { ...check, expression: `count({${name}}) <= ${max}`, text: message };
  } else if (check) {
    next[index] = { ...check, maxCount: max, text: message };
  } else next.push({ type: 'answercount', maxCount: max, text: message });
  if (next.length === 0) delete out.validators;
  else out.validators = next;
  return out;
}
