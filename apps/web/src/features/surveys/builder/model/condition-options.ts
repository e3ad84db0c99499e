import type { TJsonObject } from '@impact/domain';
import type { TOperator } from './conditions';
import { kindOf, type TQuestionKindName } from './kinds';
import { questionsInOrder, type TElementPath } from './tree';

/** Kinds whose answer a condition cannot compare to one value the pickers offer. */
const NOT_COMPARABLE: ReadonlySet<string> = new Set(['html', 'paneldynamic', 'panel', 'matrix']);

/** The questions before this one (in reading order) that a condition may depend on. */
export function earlierQuestions(model: TJsonObject, path: TElementPath): TJsonObject[] {
  const here = path.join('.');
  const before: TJsonObject[] = [];
  for (const { path: at, element } of questionsInOrder(model)) {
    if (at.join('.') === here) break;
    if (typeof element.name === 'string' && !NOT_COMPARABLE.has(String(element.type))) before.push(element);
  }
  return before;
}

/** Every question of the model a condition may depend on (a rule outside the survey, as the screener's). */
export function conditionQuestions(model: TJsonObject): TJsonObject[] {
  return questionsInOrder(model)
    .map(({ element }) => element)
    .filter((element) => typeof element.name === 'string' && !NOT_COMPARABLE.has(String(element.type)));
}

const BY_KIND: Partial<Record<TQuestionKindName, TOperator[]>> = {
  checkbox: ['contains', 'notcontains', 'anyof', 'empty', 'notempty'],
  ranking: ['contains', 'notcontains', 'empty', 'notempty'],
  radiogroup: ['=', '!=', 'anyof', 'empty', 'notempty'],
  dropdown: ['=', '!=', 'anyof', 'empty', 'notempty'],
  boolean: ['=', 'empty', 'notempty'],
  rating: ['=', '!=', '<', '>', '<=', '>=', 'empty', 'notempty'],
  number: ['=', '!=', '<', '>', '<=', '>=', 'empty', 'notempty'],
  date: ['=', '!=', '<', '>', '<=', '>=', 'empty', 'notempty'],
};
const TEXT_OPERATORS: TOperator[] = ['=', '!=', 'contains', 'notcontains', 'empty', 'notempty'];

/** The operators that make sense for a question's answer. */
export function operatorsFor(question: TJsonObject | undefined): TOperator[] {
  const kind = question ? kindOf(question) : null;
  return (kind && BY_KIND[kind]) || TEXT_OPERATORS;
}

/** How the value of a condition on this question is picked. */
export function valueInputFor(question: TJsonObject | undefined): 'choice' | 'boolean' | 'number' | 'text' {
  const kind = question ? kindOf(question) : null;
  if (kind === 'radiogroup' || kind === 'dropdown' || kind === 'checkbox' || kind === 'ranking') return 'choice';
  if (kind === 'boolean') return 'boolean';
  if (kind === 'rating' || kind === 'number') return 'number';
  return 'text';
}
