import { BUDGET_LIMITS, issueToFieldError, type TBudgetContent, ZBudgetContentToSave } from '@impact/domain';
import type { TFunction } from 'i18next';

/**
 * What is wrong in a budget step's settings, by the field the editor shows it at: 'currency',
 * 'periods' (one field holds them all), 'maxRequested', 'minCoFundingShare', 'categories' (their
 * number) and 'categories.<n>.id', '.maxShare', '.name.<language>', '.help.<language>'. Each message is
 * said at its field, so the admin sees which one to mend (the form had said only "not valid").
 */
export function budgetFieldErrors(def: TBudgetContent, t: TFunction): Map<string, string> {
  const errors = new Map<string, string>();
  const parsed = ZBudgetContentToSave.safeParse(def);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const [head, at, part, language] = issue.path.map(String);
    const field =
      head === 'categories' && at !== undefined ? [head, at, part, language].filter(Boolean).join('.') : head;
    if (!field || errors.has(field)) continue;
    errors.set(field, messageOf(field, issue, def, t));
  }
  return errors;
}

type Issue = Parameters<typeof issueToFieldError>[0];

function messageOf(field: string, issue: Issue, def: TBudgetContent, t: TFunction): string {
  if (field === 'currency') return t('callBuilder.budget.currencyInvalid');
  if (field === 'periods') return periodsMessage(issue, def, t);
  if (field === 'categories')
    return issue.code === 'too_big'
      ? t('callBuilder.budget.categoriesTooMany', { max: BUDGET_LIMITS.categories })
      : t('callBuilder.budget.categoriesRequired');
  const { messageKey, params } = issueToFieldError(issue);
  return t(messageKey, params);
}

/** The periods are typed in one field, separated by commas: the message says which part of it. */
function periodsMessage(issue: Issue, def: TBudgetContent, t: TFunction): string {
  const onePeriod = issue.path.length > 1;
  if (onePeriod && issue.code === 'too_big') return t('callBuilder.budget.periodTooLong', { max: 40 });
  if (!onePeriod && issue.code === 'too_big')
    return t('callBuilder.budget.periodsTooMany', { max: BUDGET_LIMITS.periods });
  if (def.periods.some((p) => p.trim() !== '')) return t('callBuilder.budget.periodEmpty');
  return t('callBuilder.budget.periodsRequired');
}
