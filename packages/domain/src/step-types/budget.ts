import { z } from 'zod';
import { LANGUAGES, type TLanguage } from '../languages';
import { sameContent, type TStepTypeDefinition } from './definition';
import { parseJson } from './json';
import { parseWithSchema } from './parse-with-schema';

/**
 * The budget step (decision 0041): the admin sets the periods, the categories (each with an
 * optional cap as a share of the total cost), the largest contribution that may be requested and
 * the smallest share of co-funding; the applicant fills lines per category with an amount per
 * period and the co-funding sources. Money is counted in integer cents (bigint), never summed as
 * binary floating point; amounts travel as decimal strings ("1234.56") or numbers.
 */

/** The largest amount one cell may hold, in euros (as the impact step's budget: SPEC's bound). */
export const BUDGET_MAX_AMOUNT = 1e12;
const MAX_CENTS = 100_000_000_000_000n;
export const BUDGET_LIMITS = { periods: 10, categories: 30, lines: 500, coFunding: 50, text: 1000 } as const;

export const BUDGET_ERRORS = {
  amountInvalid: 'errors.budget.amountInvalid',
  amountNegative: 'errors.budget.amountNegative',
  amountTooLarge: 'errors.budget.amountTooLarge',
  unknownCategory: 'errors.budget.unknownCategory',
  tooManyAmounts: 'errors.budget.tooManyAmounts',
  noLines: 'errors.budget.noLines',
  lineWithoutDescription: 'errors.budget.lineWithoutDescription',
  requestedAboveMax: 'errors.budget.requestedAboveMax',
  categoryAboveShare: 'errors.budget.categoryAboveShare',
  coFundingBelowShare: 'errors.budget.coFundingBelowShare',
  coFundingWithoutKind: 'errors.budget.coFundingWithoutKind',
  answerMissing: 'errors.budget.answerMissing',
} as const;

const ZTexts = z.object({
  it: z.string().max(200),
  en: z.string().max(200),
  fr: z.string().max(200),
});
const ZHelp = z.object({
  it: z.string().max(2000),
  en: z.string().max(2000),
  fr: z.string().max(2000),
});

export const ZBudgetCategory = z.object({
  id: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
  name: ZTexts,
  maxShare: z.number().min(0).max(1).optional(),
  help: ZHelp.optional(),
});
export type TBudgetCategory = z.infer<typeof ZBudgetCategory>;

export const ZBudgetContent = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    periods: z.array(z.string().trim().min(1).max(40)).min(1).max(BUDGET_LIMITS.periods),
    maxRequested: z.number().min(0).max(BUDGET_MAX_AMOUNT).nullable().optional(),
    minCoFundingShare: z.number().min(0).max(1).nullable().optional(),
    categories: z.array(ZBudgetCategory).min(1).max(BUDGET_LIMITS.categories),
  })
  .superRefine((c, ctx) => {
    // The repeated identifier is named where it is typed, so the editor marks that field.
    const seen = new Set<string>();
    c.categories.forEach((category, i) => {
      if (seen.has(category.id))
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'id'], message: 'errors.budget.duplicateCategory' });
      seen.add(category.id);
    });
  });
export type TBudgetContent = z.infer<typeof ZBudgetContent>;

/**
 * The settings as an administrator saves them: each category named in every language, since the
 * applicant reads it in theirs (no fallback). Only the save asks it: content saved before is read
 * as it is.
 */
export const ZBudgetContentToSave = ZBudgetContent.superRefine((c, ctx) => {
  c.categories.forEach((category, i) => {
    for (const language of LANGUAGES)
      if (!category.name[language].trim())
        ctx.addIssue({
          code: 'custom',
          path: ['categories', i, 'name', language],
          message: 'errors.budget.categoryNameRequired',
        });
  });
});

const names = (it: string, en: string, fr: string) => ({ it, en, fr });

/** The categories a new budget step starts with (the admin edits them in the call editor). */
export const DEFAULT_BUDGET_CATEGORIES: TBudgetCategory[] = [
  { id: 'staff', name: names('Personale', 'Staff', 'Personnel') },
  { id: 'travel', name: names('Viaggi e trasferte', 'Travel', 'Déplacements') },
  { id: 'equipment', name: names('Attrezzature', 'Equipment', 'Équipement') },
  { id: 'services', name: names('Servizi esterni', 'External services', 'Services externes') },
  { id: 'overheads', name: names('Costi indiretti', 'Overheads', 'Frais généraux'), maxShare: 0.1 },
];

const thisYear = new Date().getUTCFullYear();
export const DEFAULT_BUDGET_CONTENT: TBudgetContent = {
  currency: 'EUR',
  periods: [String(thisYear + 1), String(thisYear + 2)],
  maxRequested: null,
  minCoFundingShare: null,
  categories: DEFAULT_BUDGET_CATEGORIES,
};

// ---- amounts ----

export type TAmountReading = { cents: bigint | null } | { error: string };

/**
 * One amount as the applicant typed or pasted it: null or '' is empty; otherwise a decimal with a
 * dot ("1234.5") or a number; more than two decimals round half up to the cent. Negative and
 * above 1e12 are refused.
 */
export function readAmount(value: unknown): TAmountReading {
  if (value === null || value === undefined) return { cents: null };
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: BUDGET_ERRORS.amountInvalid };
    if (value < 0) return { error: BUDGET_ERRORS.amountNegative };
    if (value > BUDGET_MAX_AMOUNT) return { error: BUDGET_ERRORS.amountTooLarge };
    // Six decimals say what the number means (0.1 is "0.100000"), then decimal arithmetic.
    text = value.toFixed(6);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return { cents: null };
  } else return { error: BUDGET_ERRORS.amountInvalid };
  const m = /^(-?)(\d{1,16})(?:\.(\d{1,20}))?$/.exec(text);
  if (!m) return { error: BUDGET_ERRORS.amountInvalid };
  const [, sign, whole = '0', fraction = ''] = m;
  let cents = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  if (sign === '-' && cents > 0n) return { error: BUDGET_ERRORS.amountNegative };
  if (cents > MAX_CENTS) return { error: BUDGET_ERRORS.amountTooLarge };
  return { cents };
}

/** Cents as a decimal string with two decimals ("1234.50"), as answers and totals carry them. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${abs / 100n}.${fraction}`;
}

/** A decimal string as cents (0 for anything unreadable: only stored, checked strings get here). */
export function decimalToCents(value: string | null | undefined): bigint {
  const reading = readAmount(value ?? null);
  return 'cents' in reading && reading.cents !== null ? reading.cents : 0n;
}

/** An amount in the reader's language and currency (it: "1.234,56 €"). */
export function formatMoney(value: string | bigint, language: string, currency = DEFAULT_CURRENCY): string {
  const cents = typeof value === 'bigint' ? value : decimalToCents(value);
  // Grouping always: Italian's rule leaves four-digit amounts ungrouped, a table reads better with it.
  const format = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    useGrouping: 'always',
  } as Intl.NumberFormatOptions);
  // Intl formats a decimal string exactly (no float in between) where the engine supports it.
  return format.format(centsToDecimal(cents) as unknown as number);
}

/** The currency of a call without a budget step: its amounts (the impact step's, a grant's) are in euros. */
export const DEFAULT_CURRENCY = 'EUR';

/**
 * The currency of a call's money: its budget step's (the first, in step order), else euros. Every
 * amount of the call is in it: the impact step's investment and proxies, the grant and its
 * tranches, the reports' actuals. The server's SQL twin: grants/follow-decision.ts.
 */
export function callCurrency(steps: readonly { stepType?: { name: string } | null; content: string }[]): string {
  for (const step of steps) {
    if (step.stepType?.name !== 'budget') continue;
    const content = budgetContentOf(step.content);
    if (content) return content.currency;
  }
  return DEFAULT_CURRENCY;
}

/** The currency of a frozen record (its sections keep each step's definition): as `callCurrency`. */
export function recordCurrency(sections: readonly { stepType: string; questions: string }[]): string {
  return callCurrency(sections.map((s) => ({ stepType: { name: s.stepType }, content: s.questions })));
}

/** How the reader's language writes a currency on its own, for a field's label: "€", "£", "CHF". */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** A share (0.1) as the reader's language writes a percentage ("10 %" in fr). */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(share);
}

// ---- the answer ----

const ZAmount = z.union([z.number(), z.string(), z.null()]).superRefine((value, ctx) => {
  const reading = readAmount(value);
  if ('error' in reading) {
    ctx.addIssue({
      code: 'custom',
      message: reading.error,
      ...(reading.error === BUDGET_ERRORS.amountTooLarge ? { params: { maximum: BUDGET_MAX_AMOUNT } } : {}),
    });
  }
});

export const CO_FUNDING_KINDS = ['ownFunds', 'otherFunders', 'inKind'] as const;
export type TCoFundingKind = (typeof CO_FUNDING_KINDS)[number];

export const ZBudgetLine = z.object({
  category: z.string().max(40),
  description: z.string().max(BUDGET_LIMITS.text),
  amounts: z.array(ZAmount).max(BUDGET_LIMITS.periods),
});
export const ZCoFunding = z.object({
  source: z.string().max(BUDGET_LIMITS.text),
  // Null until the applicant chooses it: a source added starts without one (it started as own
  // funds, and whoever forgot to choose declared a public grant as their own money). Saved so,
  // never lost; Submit asks for it (budgetProblems).
  kind: z.enum(CO_FUNDING_KINDS).nullable(),
  amount: ZAmount,
  confirmed: z.boolean(),
});

/** What the applicant writes; whatever totals come with it are dropped (the server computes them). */
export const ZBudgetAnswer = z.object({
  lines: z.array(ZBudgetLine).max(BUDGET_LIMITS.lines),
  coFunding: z.array(ZCoFunding).max(BUDGET_LIMITS.coFunding),
});
export type TBudgetAnswerInput = z.infer<typeof ZBudgetAnswer>;

export type TBudgetLine = { category: string; description: string; amounts: (string | null)[] };
export type TCoFunding = { source: string; kind: TCoFundingKind | null; amount: string | null; confirmed: boolean };
export type TBudgetTotals = {
  byCategory: Record<string, string>;
  byPeriod: string[];
  cost: string;
  coFunding: string;
  requested: string;
};
export type TBudgetAnswer = { lines: TBudgetLine[]; coFunding: TCoFunding[]; totals: TBudgetTotals };

export const EMPTY_BUDGET_ANSWER = { lines: [], coFunding: [] } satisfies TBudgetAnswerInput;

const normalised = (value: unknown): string | null => {
  const reading = readAmount(value);
  return 'cents' in reading && reading.cents !== null ? centsToDecimal(reading.cents) : null;
};

/** The budget step's content, or null when it is unreadable. */
export function budgetContentOf(content: string | null | undefined): TBudgetContent | null {
  const parsed = ZBudgetContent.safeParse(parseJson(content));
  return parsed.success ? parsed.data : null;
}

/** A stored or written answer, read without throwing (null: not a budget answer). */
export function budgetAnswerInputOf(content: string | null | undefined): TBudgetAnswerInput | null {
  const parsed = ZBudgetAnswer.safeParse(parseJson(content));
  return parsed.success ? parsed.data : null;
}

/** Totals in cents, as every rule reads them. */
export type TBudgetCents = {
  byCategory: Map<string, bigint>;
  byPeriod: bigint[];
  /** Each category's cost per period (the totals table's cells). */
  byCategoryAndPeriod: Map<string, bigint[]>;
  cost: bigint;
  coFunding: bigint;
  requested: bigint;
};

export function budgetCents(periodCount: number, answer: TBudgetAnswerInput): TBudgetCents {
  const byCategory = new Map<string, bigint>();
  const byPeriod = Array.from({ length: periodCount }, () => 0n);
  const byCategoryAndPeriod = new Map<string, bigint[]>();
  let cost = 0n;
  for (const line of answer.lines) {
    let lineTotal = 0n;
    const ofCategory = byCategoryAndPeriod.get(line.category) ?? Array.from({ length: periodCount }, () => 0n);
    byCategoryAndPeriod.set(line.category, ofCategory);
    line.amounts.forEach((value, period) => {
      if (period >= periodCount) return;
      const cents = decimalToCents(normalised(value));
      byPeriod[period] = (byPeriod[period] ?? 0n) + cents;
      ofCategory[period] = (ofCategory[period] ?? 0n) + cents;
      lineTotal += cents;
    });
    byCategory.set(line.category, (byCategory.get(line.category) ?? 0n) + lineTotal);
    cost += lineTotal;
  }
  const coFunding = answer.coFunding.reduce((sum, c) => sum + decimalToCents(normalised(c.amount)), 0n);
  const requested = cost > coFunding ? cost - coFunding : 0n;
  return { byCategory, byPeriod, byCategoryAndPeriod, cost, coFunding, requested };
}

/**
 * The answer as the server keeps it: amounts as two-decimal strings, one per period, and the
 * totals computed here (per category, every category listed; per period; cost, co-funding and
 * requested = cost − co-funding, never below zero).
 */
export function budgetAnswerWithTotals(content: TBudgetContent, answer: TBudgetAnswerInput): TBudgetAnswer {
  const periods = content.periods.length;
  const lines = answer.lines.map((l) => ({
    category: l.category,
    description: l.description,
    amounts: Array.from({ length: periods }, (_, i) => normalised(l.amounts[i] ?? null)),
  }));
  const coFunding = answer.coFunding.map((c) => ({ ...c, amount: normalised(c.amount) }));
  const cents = budgetCents(periods, { lines, coFunding });
  const byCategory: Record<string, string> = {};
  for (const c of content.categories) byCategory[c.id] = centsToDecimal(cents.byCategory.get(c.id) ?? 0n);
  return {
    lines,
    coFunding,
    totals: {
      byCategory,
      byPeriod: cents.byPeriod.map(centsToDecimal),
      cost: centsToDecimal(cents.cost),
      coFunding: centsToDecimal(cents.coFunding),
      requested: centsToDecimal(cents.requested),
    },
  };
}

/** The total cost of a stored answer in euros (the impact step's investment), null without one. */
export function budgetCostOf(content: string | undefined, answer: string | undefined): number | null {
  const def = budgetContentOf(content);
  const input = budgetAnswerInputOf(answer);
  if (!def || !input) return null;
  return Number(centsToDecimal(budgetCents(def.periods.length, input).cost));
}

/** Parts per million: a share compared in integers (0.1 of 1,000 € is exactly 100 €). */
const ppm = (share: number) => BigInt(Math.round(share * 1_000_000));

export type TBudgetProblem = { path: string; messageKey: string; params?: Record<string, string | number> };

/**
 * What keeps a budget from being submitted, each problem with its figures in the reader's
 * language: no line; a line without a description or of a category the step does not have; a
 * co-funding source whose kind is not chosen; requested above the call's maximum; a category above its share of the cost; co-funding below
 * its share. A category exactly at its cap passes.
 */
export function budgetProblems(
  content: TBudgetContent,
  answer: TBudgetAnswerInput | null,
  language: TLanguage = 'it',
): TBudgetProblem[] {
  if (!answer) return [{ path: 'lines', messageKey: BUDGET_ERRORS.noLines }];
  const problems: TBudgetProblem[] = [];
  // Without lines every total is zero: no cap or share can be broken, a source still needs its kind.
  if (answer.lines.length === 0) problems.push({ path: 'lines', messageKey: BUDGET_ERRORS.noLines });
  const money = (cents: bigint) => formatMoney(cents, language, content.currency);
  const known = new Map(content.categories.map((c) => [c.id, c]));
  answer.lines.forEach((line, i) => {
    if (!line.description.trim())
      problems.push({
        path: `lines.${i}.description`,
        messageKey: BUDGET_ERRORS.lineWithoutDescription,
        params: { line: i + 1 },
      });
    if (!known.has(line.category))
      problems.push({
        path: `lines.${i}.category`,
        messageKey: BUDGET_ERRORS.unknownCategory,
        params: { line: i + 1 },
      });
  });
  answer.coFunding.forEach((source, i) => {
    if (source.kind === null)
      problems.push({
        path: `coFunding.${i}.kind`,
        messageKey: BUDGET_ERRORS.coFundingWithoutKind,
        params: { source: i + 1 },
      });
  });
  const totals = budgetCents(content.periods.length, answer);
  const max = content.maxRequested;
  if (max !== null && max !== undefined) {
    const maxCents = decimalToCents(max.toFixed(2));
    if (totals.requested > maxCents)
      problems.push({
        path: 'totals.requested',
        messageKey: BUDGET_ERRORS.requestedAboveMax,
        params: { requested: money(totals.requested), maximum: money(maxCents) },
      });
  }
  for (const category of content.categories) {
    if (category.maxShare === undefined) continue;
    const spent = totals.byCategory.get(category.id) ?? 0n;
    if (spent * 1_000_000n > ppm(category.maxShare) * totals.cost)
      problems.push({
        path: `totals.byCategory.${category.id}`,
        messageKey: BUDGET_ERRORS.categoryAboveShare,
        params: { category: category.name[language], share: formatShare(category.maxShare, language) },
      });
  }
  const minShare = content.minCoFundingShare;
  if (minShare !== null && minShare !== undefined && totals.coFunding * 1_000_000n < ppm(minShare) * totals.cost)
    problems.push({
      path: 'totals.coFunding',
      messageKey: BUDGET_ERRORS.coFundingBelowShare,
      params: { share: formatShare(minShare, language), coFunding: money(totals.coFunding) },
    });
  return problems;
}

/** The budget table: lines per category and period, co-funding, totals computed by the server. */
export const budgetStepType: TStepTypeDefinition<'budget'> = {
  name: 'budget',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: JSON.stringify(DEFAULT_BUDGET_CONTENT),
  parseContent: (content) => parseWithSchema(ZBudgetContentToSave, content),
  answerSchema: ZBudgetAnswer,
  serverKeptAnswer: false,
  answerProblems: (step, answer) => {
    const def = budgetContentOf(step.content);
    if (!def) return [];
    return [...new Set(budgetProblems(def, budgetAnswerInputOf(answer)).map((p) => p.messageKey))];
  },
  applicantContent: sameContent,
  scored: false,
};
