import { describe, expect, it } from 'vitest';
import {
  BUDGET_ERRORS,
  budgetAnswerWithTotals,
  budgetCents,
  budgetContentOf,
  budgetProblems,
  DEFAULT_BUDGET_CATEGORIES,
  DEFAULT_BUDGET_CONTENT,
  formatMoney,
  readAmount,
  stepTypeDefinition,
  type TBudgetContent,
  ZBudgetAnswer,
  ZBudgetContent,
} from '../index';

const content: TBudgetContent = ZBudgetContent.parse({
  currency: 'EUR',
  periods: ['2027', '2028'],
  maxRequested: 80000,
  minCoFundingShare: 0.2,
  categories: [
    { id: 'staff', name: { it: 'Personale', en: 'Staff', fr: 'Personnel' } },
    { id: 'overheads', name: { it: 'Costi indiretti', en: 'Overheads', fr: 'Frais généraux' }, maxShare: 0.1 },
  ],
});

const line = (category: string, amounts: (string | number | null)[], description = 'x') => ({
  category,
  description,
  amounts,
});
const co = (amount: string | number | null) => ({ source: 'Own', kind: 'ownFunds' as const, amount, confirmed: true });

describe('budget amounts', () => {
  it('counts in cents: 0.1 + 0.2 is 0.30, numbers and decimal strings alike, half up past the cent', () => {
    const a = budgetAnswerWithTotals(content, { lines: [line('staff', [0.1, '0.2'])], coFunding: [] });
    expect(a.totals.cost).toBe('0.30');
    expect(a.totals.byPeriod).toEqual(['0.10', '0.20']);
    expect(readAmount('10.005')).toEqual({ cents: 1001n });
    expect(readAmount('10.004')).toEqual({ cents: 1000n });
  });

  it('reads empty periods as nothing, pads lines to the periods and drops amounts past them', () => {
    const a = budgetAnswerWithTotals(content, {
      lines: [line('staff', ['', null]), line('staff', ['5']), line('staff', ['1', '2', '99'])],
      coFunding: [],
    });
    expect(a.lines.map((l) => l.amounts)).toEqual([
      [null, null],
      ['5.00', null],
      ['1.00', '2.00'],
    ]);
    expect(a.totals).toEqual({
      byCategory: { staff: '8.00', overheads: '0.00' },
      byPeriod: ['6.00', '2.00'],
      cost: '8.00',
      coFunding: '0.00',
      requested: '8.00',
    });
  });

  it('sums each category per period, for the totals table', () => {
    const cents = budgetCents(2, {
      lines: [line('staff', ['5', '1']), line('staff', ['1', null]), line('overheads', [null, '0.5'])],
      coFunding: [],
    });
    expect(cents.byCategoryAndPeriod.get('staff')).toEqual([600n, 100n]);
    expect(cents.byCategoryAndPeriod.get('overheads')).toEqual([0n, 50n]);
  });

  it('takes 1e12 and refuses more, and anything negative', () => {
    expect(readAmount(1e12)).toEqual({ cents: 100_000_000_000_000n });
    expect(readAmount('1000000000000.00')).toEqual({ cents: 100_000_000_000_000n });
    expect(readAmount('1000000000000.01')).toEqual({ error: BUDGET_ERRORS.amountTooLarge });
    expect(readAmount(1e13)).toEqual({ error: BUDGET_ERRORS.amountTooLarge });
    expect(readAmount(-1)).toEqual({ error: BUDGET_ERRORS.amountNegative });
    expect(readAmount('-0.01')).toEqual({ error: BUDGET_ERRORS.amountNegative });
    expect(readAmount('1,5')).toEqual({ error: BUDGET_ERRORS.amountInvalid });
    const refused = ZBudgetAnswer.safeParse({ lines: [line('staff', ['2e12'])], coFunding: [co(-5)] });
    expect(refused.success).toBe(false);
    expect(
      ZBudgetAnswer.safeParse({ lines: [line('staff', [1e12 + 1])], coFunding: [] }).error?.issues[0]?.message,
    ).toBe(BUDGET_ERRORS.amountTooLarge);
  });

  it('sums a thousand lines at the maximum exactly (no float)', () => {
    const lines = Array.from({ length: 500 }, () => line('staff', ['999999999999.99', '0.01']));
    expect(budgetAnswerWithTotals(content, { lines, coFunding: [] }).totals.cost).toBe('500000000000000.00');
  });

  it('formats in the reader language', () => {
    expect(formatMoney('1234.56', 'it')).toBe('1.234,56\u00a0€');
    expect(formatMoney('1234.56', 'en')).toBe('€1,234.56');
  });
});

describe('budget rules', () => {
  const keys = (answer: Parameters<typeof budgetProblems>[1]) =>
    budgetProblems(content, answer).map((p) => p.messageKey);

  it('accepts a budget within every rule, a category exactly at its cap and co-funding exactly at its share', () => {
    // cost 100,000: overheads 10,000 = 10 %; co-funding 20,000 = 20 %; requested 80,000 = the maximum.
    const answer = {
      lines: [line('staff', ['45000', '45000']), line('overheads', ['5000', '5000'])],
      coFunding: [co('20000')],
    };
    expect(budgetProblems(content, answer)).toEqual([]);
  });

  it('names each problem: requested above the maximum, a category above its share, co-funding below its share, a line without description', () => {
    const answer = {
      lines: [line('staff', ['50000', '40000']), line('overheads', ['10000.01', '0'], '  ')],
      coFunding: [co('10000')],
    };
    const problems = budgetProblems(content, answer, 'it');
    expect(problems.map((p) => p.messageKey)).toEqual([
      BUDGET_ERRORS.lineWithoutDescription,
      BUDGET_ERRORS.requestedAboveMax,
      BUDGET_ERRORS.categoryAboveShare,
      BUDGET_ERRORS.coFundingBelowShare,
    ]);
    expect(problems[0]?.path).toBe('lines.1.description');
    expect(problems[1]?.params?.maximum).toBe('80.000,00\u00a0€');
    expect(problems[2]?.params?.category).toBe('Costi indiretti');
    expect(budgetProblems(content, answer, 'en')[2]?.params?.category).toBe('Overheads');
  });

  it('needs at least one line and known categories', () => {
    expect(keys(null)).toEqual([BUDGET_ERRORS.noLines]);
    expect(keys({ lines: [], coFunding: [] })).toEqual([BUDGET_ERRORS.noLines]);
    expect(keys({ lines: [line('ghost', ['1'])], coFunding: [co('1')] })).toContain(BUDGET_ERRORS.unknownCategory);
  });

  it('saves a co-funding source whose kind is not chosen yet, and names it at its kind for Submit', () => {
    const unchosen = { source: 'Regione', kind: null, amount: '20000', confirmed: false };
    const answer = {
      lines: [line('staff', ['45000', '45000']), line('overheads', ['5000', '5000'])],
      coFunding: [unchosen],
    };
    // A draft keeps it (the answer is saved as typed) ...
    expect(ZBudgetAnswer.safeParse(answer).success).toBe(true);
    // ... and Submit (or Next) is held until the kind is chosen, the field named.
    expect(budgetProblems(content, answer)).toEqual([
      { path: 'coFunding.0.kind', messageKey: BUDGET_ERRORS.coFundingWithoutKind, params: { source: 1 } },
    ]);
    expect(
      stepTypeDefinition('budget').answerProblems({ content: JSON.stringify(content) }, JSON.stringify(answer)),
    ).toEqual([BUDGET_ERRORS.coFundingWithoutKind]);
    // Even before any line: both are asked for.
    expect(keys({ lines: [], coFunding: [unchosen] })).toEqual([
      BUDGET_ERRORS.noLines,
      BUDGET_ERRORS.coFundingWithoutKind,
    ]);
    // A kind that is not one of the three is still refused.
    expect(ZBudgetAnswer.safeParse({ lines: [], coFunding: [{ ...unchosen, kind: 'gift' }] }).success).toBe(false);
  });

  it('is registered with its default categories, overheads capped at 10 %', () => {
    const def = stepTypeDefinition('budget');
    const parsed = def.parseContent(def.defaultContent);
    expect(parsed.ok).toBe(true);
    const value = (parsed as { value: TBudgetContent }).value;
    expect(value.categories.map((c) => c.id)).toEqual(['staff', 'travel', 'equipment', 'services', 'overheads']);
    expect(value.categories.find((c) => c.id === 'overheads')?.maxShare).toBe(0.1);
    expect(def.answerProblems({ content: JSON.stringify(content) }, undefined)).toEqual([BUDGET_ERRORS.noLines]);
  });

  it('names the second category that repeats an identifier at its identifier', () => {
    const def = stepTypeDefinition('budget');
    const twice = {
      ...DEFAULT_BUDGET_CONTENT,
      categories: [...DEFAULT_BUDGET_CATEGORIES, DEFAULT_BUDGET_CATEGORIES[0]],
    };
    expect(def.parseContent(JSON.stringify(twice))).toEqual({
      ok: false,
      issues: [{ path: 'categories.5.id', messageKey: 'errors.budget.duplicateCategory' }],
    });
  });

  it('saves a category only when it is named in every language, and still reads one saved before without', () => {
    const def = stepTypeDefinition('budget');
    const [staff, ...others] = DEFAULT_BUDGET_CATEGORIES;
    const unnamed = {
      ...DEFAULT_BUDGET_CONTENT,
      categories: [...others, { ...staff, id: 'new', name: { it: 'Nuova', en: ' ', fr: '' } }],
    };
    expect(def.parseContent(JSON.stringify(unnamed))).toEqual({
      ok: false,
      issues: [
        { path: `categories.${others.length}.name.en`, messageKey: 'errors.budget.categoryNameRequired' },
        { path: `categories.${others.length}.name.fr`, messageKey: 'errors.budget.categoryNameRequired' },
      ],
    });
    // A call saved before the rule keeps working: the applicant's wizard reads its settings.
    expect(budgetContentOf(JSON.stringify(unnamed))?.categories).toHaveLength(others.length + 1);
  });
});
