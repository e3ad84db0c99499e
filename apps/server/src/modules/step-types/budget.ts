import {
  BUDGET_ERRORS,
  budgetAnswerInputOf,
  budgetAnswerWithTotals,
  budgetContentOf,
  budgetProblems,
  issueToFieldError,
  parseJson,
  STEP_TYPES,
  type TBudgetAnswer,
  type TFieldError,
  ZBudgetAnswer,
} from '@impact/domain';
import { invalid } from '../../lib/app-error';
import { linkImpactToBudget } from './budget-link';
import { columnLabel, type ExportStep, type RowContext } from './export-columns';
import { keepContent, type ServerStepType } from './types';

const shared = STEP_TYPES.budget;

/** The stored answer with the server's totals (null: none, or not a budget answer). */
export function storedBudget(ctx: RowContext, step: ExportStep): TBudgetAnswer | null {
  const key = `budget:${step.id}`;
  if (!ctx.parsed.has(key)) {
    const def = budgetContentOf(step.content);
    const input = budgetAnswerInputOf(ctx.answers.get(step.id));
    ctx.parsed.set(key, def && input ? budgetAnswerWithTotals(def, input) : null);
  }
  return ctx.parsed.get(key) as TBudgetAnswer | null;
}

/**
 * The budget table (decision 0041). A write is refused (400, each field named) when an amount is
 * negative, above 1e12 or not a number, or a line's category is not one of the step's; otherwise
 * it is kept with the totals computed here (any totals the client sent are dropped). The call's
 * caps block Submit only, so an applicant may save a budget still over them.
 */
export const budgetServerType: ServerStepType<'budget'> = {
  name: shared.name,
  async write(_db, step, content) {
    const parsed = ZBudgetAnswer.safeParse(parseJson(content));
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((issue) => {
          const error = issueToFieldError(issue);
          return { ...error, path: error.path ? `content.${error.path}` : 'content' };
        }),
        'errors.budget.answerInvalid',
      );
    }
    const def = budgetContentOf(step.content);
    if (!def) throw invalid([{ path: 'content', messageKey: 'errors.budget.stepNotConfigured' }]);
    const known = new Set(def.categories.map((c) => c.id));
    const unknown: TFieldError[] = [];
    parsed.data.lines.forEach((line, i) => {
      if (!known.has(line.category))
        unknown.push({
          path: `content.lines.${i}.category`,
          messageKey: BUDGET_ERRORS.unknownCategory,
          params: { line: i + 1 },
        });
      if (line.amounts.length > def.periods.length)
        unknown.push({
          path: `content.lines.${i}.amounts`,
          messageKey: BUDGET_ERRORS.tooManyAmounts,
          params: { maximum: def.periods.length },
        });
    });
    if (unknown.length) throw invalid(unknown, 'errors.budget.answerInvalid');
    return { content: JSON.stringify(budgetAnswerWithTotals(def, parsed.data)), score: null };
  },
  async missing(_db, step, content, language) {
    const def = budgetContentOf(step.content);
    if (!def) return [];
    const answer = budgetAnswerInputOf(content);
    if (!answer && content) return [{ path: step.id, messageKey: BUDGET_ERRORS.answerMissing }];
    return budgetProblems(def, answer, language ?? 'it').map((p) => ({ ...p, path: `${step.id}.${p.path}` }));
  },
  afterWrite: (db, step, content, ctx) => linkImpactToBudget(db, step, content, ctx),
  prepareContent: keepContent,
  // Cost, co-funding and requested per submission; the lines go to a sheet of their own (XLSX).
  exportColumns: (step, { t }) => {
    const label = (what: 'budgetCost' | 'budgetCoFunding' | 'budgetRequested') =>
      columnLabel(step, t(`export.${what}`));
    const total = (ctx: RowContext, key: 'cost' | 'coFunding' | 'requested') => {
      const answer = storedBudget(ctx, step);
      return answer ? Number(answer.totals[key]) : null;
    };
    return [
      { header: label('budgetCost'), value: (ctx) => total(ctx, 'cost') },
      { header: label('budgetCoFunding'), value: (ctx) => total(ctx, 'coFunding') },
      { header: label('budgetRequested'), value: (ctx) => total(ctx, 'requested') },
    ];
  },
  exportSheet: (step, { t, language }) => {
    const def = budgetContentOf(step.content);
    const periods = def?.periods ?? [];
    return {
      name: t('export.budgetLines'),
      header: [
        t('export.budgetStep'),
        t('export.budgetCategory'),
        t('export.budgetDescription'),
        ...periods,
        t('export.budgetTotal'),
      ],
      rows: (ctx) => {
        const answer = storedBudget(ctx, step);
        if (!answer || !def) return [];
        return answer.lines.map((line) => {
          const category = def.categories.find((c) => c.id === line.category);
          const total = budgetAnswerWithTotals(def, { lines: [line], coFunding: [] }).totals.cost;
          return [
            step.name,
            category?.name[language] || line.category,
            line.description,
            ...line.amounts.map((a) => (a === null ? null : Number(a))),
            Number(total),
          ];
        });
      },
    };
  },
};
