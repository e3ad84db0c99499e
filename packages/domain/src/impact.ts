import { z } from 'zod';
import { DEFAULT_LANGUAGE, type TLanguage } from './languages';
import type { TFieldError } from './problem';
import { estimateSroi, type TSroiEstimate, type TSroiParams, ZSroiParams } from './sroi';

/**
 * SPEC 3, 4, 5, 9: impact design. The SDG catalogue, impact frameworks (stakeholders and
 * outcomes → indicators → proxies, built from a workbook), the impact step's definition and the
 * applicant's mini impact-design answer with its rules — one pure function used by page and server.
 */

// ---- Constants (SPEC 9) ----
export const MAX_SDGS = 4;
export const MAX_OUTCOMES_PER_SDG = 4;
export const MAX_CUSTOM_OUTCOMES = 3;
export const CUSTOM_KEY_LENGTH = 12;
export const SDG_CODES = Array.from({ length: 17 }, (_, i) => i + 1);

// ---- SDG ----
export const ZLocalizedText = z.object({ it: z.string(), en: z.string(), fr: z.string() });
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

export const ZSdgCode = z.number().int().min(1).max(17);
export const ZSdg = z.object({
  sdgCode: ZSdgCode,
  name: ZLocalizedText,
  description: ZLocalizedText,
  keywords: z.array(z.string()),
  url: z.string(),
});
export type TSdg = z.infer<typeof ZSdg>;

// ---- ImpactFramework ----
const name = z.string().trim().min(1).max(500);
const text = z.string().max(5000);

export const ZProxyInput = z.object({
  name,
  /** The applicant's proxy value starts from it, so it has the same maximum. */
  defaultValue: z.number().finite().min(0).max(1e9),
  sourceName: z.string().max(500),
  sourceUrl: z.string().max(2000),
});
export const ZIndicatorInput = z.object({ name, description: text, proxies: z.array(ZProxyInput).min(1).max(100) });
export const ZOutcomeInput = z.object({
  name,
  description: text,
  sdg: z.array(ZSdgCode).max(17),
  indicators: z.array(ZIndicatorInput).min(1).max(200),
});
export const ZStakeholderInput = z.object({ name, description: text });

/** SPEC 7 PUT ImpactFramework/AddImpactFrameworkSet. */
export const ZAddImpactFrameworkRequest = z.object({
  name: z.string().trim().min(1).max(300),
  description: z.string().trim().min(1).max(5000),
  stakeholders: z.array(ZStakeholderInput).min(1).max(1000),
  outcomes: z.array(ZOutcomeInput).min(1).max(20_000),
});
export type TAddImpactFrameworkRequest = z.infer<typeof ZAddImpactFrameworkRequest>;

const id = z.string().min(1).max(100);
export const ZProxy = ZProxyInput.extend({ id });
export const ZIndicator = ZIndicatorInput.extend({ id, proxies: z.array(ZProxy) });
export const ZOutcome = ZOutcomeInput.extend({ id, indicators: z.array(ZIndicator) });
export const ZStakeholder = ZStakeholderInput.extend({ id });
export type TProxy = z.infer<typeof ZProxy>;
export type TIndicator = z.infer<typeof ZIndicator>;
export type TOutcome = z.infer<typeof ZOutcome>;
export type TStakeholder = z.infer<typeof ZStakeholder>;

/**
 * The language a framework's texts (outcomes, stakeholders, indicators, proxies) are written in.
 * A framework keeps no language of its own and no translations: it is imported whole from one
 * workbook into main fields, and main fields hold the platform's default language (Italian), as
 * every text without a translation does (the call's texts too). Pages in another language mark
 * these texts with it, so a screen reader reads them in Italian (WCAG 3.1.2).
 */
export const IMPACT_FRAMEWORK_LANGUAGE: TLanguage = DEFAULT_LANGUAGE;

export const ZImpactFramework = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  stakeholders: z.array(ZStakeholder),
  outcomes: z.array(ZOutcome),
  createdAt: z.string(),
});
export type TImpactFramework = z.infer<typeof ZImpactFramework>;

export const ZImpactFrameworkListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  outcomeCount: z.number().int(),
  stakeholderCount: z.number().int(),
  createdAt: z.string(),
});
export type TImpactFrameworkListItem = z.infer<typeof ZImpactFrameworkListItem>;

/** SPEC 3 "Outcome type" and "Stakeholder" as the applicant's pickers get them. */
export const ZOutcomeType = z.object({ id, name: z.string(), description: z.string(), sdg: z.array(ZSdgCode) });
export const ZIndicatorType = z.object({
  id,
  outcomeId: id,
  name: z.string(),
  description: z.string(),
  proxies: z.array(ZProxy),
});
export const ZStakeholderType = z.object({ id, name: z.string(), description: z.string() });

/** A workbook problem: what is missing or wrong, and where (sheet, 1-based row as Excel shows it). */
export const ZWorkbookProblem = z.object({
  messageKey: z.string(),
  sheet: z.string().optional(),
  row: z.number().int().optional(),
  name: z.string().optional(),
});
export type TWorkbookProblem = z.infer<typeof ZWorkbookProblem>;

export const ZParseWorkbookRequest = z.object({
  fileName: z.string().max(300),
  /** The .xls / .xlsx bytes, base64 (at most WORKBOOK_MAX_BYTES once decoded). */
  contentBase64: z.string().max(8 * 1024 * 1024),
});
/** The preview may be incomplete (an outcome without indicators…): its problems say what is missing. */
const ZPreviewOutcome = ZOutcomeInput.extend({
  indicators: z.array(ZIndicatorInput.extend({ proxies: z.array(ZProxyInput) })),
});
export const ZParseWorkbookResponse = z.object({
  stakeholders: z.array(ZStakeholderInput),
  outcomes: z.array(ZPreviewOutcome),
  problems: z.array(ZWorkbookProblem),
  rows: z.number().int(),
});
export type TParseWorkbookResponse = z.infer<typeof ZParseWorkbookResponse>;
export const WORKBOOK_MAX_BYTES = 5 * 1024 * 1024;
export const WORKBOOK_MAX_ROWS = 20_000;
export const IMPACT_SHEET = 'Impact framework';
export const STAKEHOLDER_SHEET = 'Stakeholder';

/** SPEC 5: creation is enabled only with a name, a description, ≥1 stakeholder and ≥1 outcome. */
export function canCreateFramework(input: {
  name: string;
  description: string;
  stakeholders: unknown[];
  outcomes: unknown[];
  problems?: unknown[];
}): boolean {
  return (
    input.name.trim().length > 0 &&
    input.description.trim().length > 0 &&
    input.stakeholders.length > 0 &&
    input.outcomes.length > 0 &&
    (input.problems?.length ?? 0) === 0
  );
}

// ---- The impact step's definition (Step.content of a miniDyi step) ----
export const ZImpactStepContent = z.object({ frameworkId: z.uuid(), sroiParams: ZSroiParams.optional() });
export type TImpactStepContent = z.infer<typeof ZImpactStepContent>;

export function parseImpactStepContent(content: string | undefined): TImpactStepContent | null {
  if (!content) return null;
  try {
    const parsed = ZImpactStepContent.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- The applicant's answer (StepResult.content of a miniDyi step) ----
/**
 * The largest number an applicant may type in each field of the impact step (docs/IMPACT.md,
 * docs/SECURITY.md). Generous for any real project, and small enough that every figure computed
 * from them (100 outcomes × 100 indicators × target × proxy, discounted, ÷ budget) stays finite.
 */
export const MINI_DYI_MAXIMUM = {
  /** Euros asked for (about 3 years): one trillion. */
  budget: 1e12,
  /** Euros already spent: one trillion. */
  budgetSpent: 1e12,
  /** A yearly target quantity (people, tonnes, hours…): one billion. */
  indicatorTargetValue: 1e9,
  /** Euros of value of one unit (the financial proxy): one billion. */
  proxyValue: 1e9,
} as const;

/**
 * Numbers may be empty (null) while typing; the rules say when that is not acceptable. `bounded`
 * is the contract of every write; answers stored before the limits existed are read without them
 * (so they still open, and the rules ask for a correction before the submission can close).
 */
function miniDyiSchemas(bounded: boolean) {
  // Negative numbers are the rules' to refuse (errors.impact.negativeNumber): the contract bounds the size.
  const amount = (max: number) => (bounded ? z.number().max(max) : z.number()).nullable();
  const indicator = z.object({
    indicatorId: z.string().max(100),
    indicatorName: z.string().max(500),
    indicatorTargetValue: amount(MINI_DYI_MAXIMUM.indicatorTargetValue),
    proxyId: z.string().max(100),
    proxyName: z.string().max(500),
    proxyValue: amount(MINI_DYI_MAXIMUM.proxyValue),
  });
  const outcome = z.object({
    outcomeId: z.string().max(100).nullable(),
    /** The SDG this outcome was chosen under; null for a custom outcome. */
    sdg: ZSdgCode.nullable(),
    outcomeName: z.string().max(500),
    stakeholderId: z.string().max(100),
    stakeholderName: z.string().max(500),
    /** Set (12 random alphanumerics) only on a custom outcome. */
    customKey: z.string().max(100).nullable(),
    indicators: z.array(indicator).max(100),
  });
  const answer = z.object({
    budget: amount(MINI_DYI_MAXIMUM.budget),
    budgetSpent: amount(MINI_DYI_MAXIMUM.budgetSpent),
    sdg: z.array(ZSdgCode).max(17),
    selectedOutcomes: z.array(outcome).max(100),
  });
  return { indicator, outcome, answer, amount };
}
const writeSchemas = miniDyiSchemas(true);
const storedSchemas = miniDyiSchemas(false);

export const ZMiniDyiIndicator = writeSchemas.indicator;
export type TMiniDyiIndicator = z.infer<typeof ZMiniDyiIndicator>;
export const ZMiniDyiOutcome = writeSchemas.outcome;
export type TMiniDyiOutcome = z.infer<typeof ZMiniDyiOutcome>;
/** The answer as the applicant sends it: every number within MINI_DYI_MAXIMUM. */
export const ZMiniDyiAnswer = writeSchemas.answer;
export type TMiniDyiAnswer = z.infer<typeof ZMiniDyiAnswer>;
/** The answer as stored and sent back: possibly from before the limits. */
export const ZStoredMiniDyiAnswer = storedSchemas.answer;

export const EMPTY_MINI_DYI: TMiniDyiAnswer = { budget: null, budgetSpent: null, sdg: [], selectedOutcomes: [] };

/** A stored answer (the rules, not the parser, judge its numbers). */
export function parseMiniDyiAnswer(content: string | undefined): TMiniDyiAnswer | null {
  if (!content) return null;
  try {
    const parsed = ZStoredMiniDyiAnswer.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const isCustomOutcome = (o: Pick<TMiniDyiOutcome, 'customKey'>) => o.customKey !== null;

const CUSTOM_KEY = /^[A-Za-z0-9]{12}$/;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** SPEC 9: a custom outcome's key is 12 random alphanumeric characters. */
export function newCustomKey(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))) {
  // 62 × 4 = 248: rejecting bytes ≥ 248 keeps every character equally likely.
  let key = '';
  while (key.length < CUSTOM_KEY_LENGTH) {
    for (const b of random(CUSTOM_KEY_LENGTH)) {
      if (b < 248 && key.length < CUSTOM_KEY_LENGTH) key += ALPHANUMERIC[b % 62];
    }
  }
  return key;
}

export const IMPACT_ERRORS = {
  tooManySdgs: 'errors.impact.tooManySdgs',
  duplicateSdg: 'errors.impact.duplicateSdg',
  tooManyOutcomesPerSdg: 'errors.impact.tooManyOutcomesPerSdg',
  outcomeSdgNotSelected: 'errors.impact.outcomeSdgNotSelected',
  stakeholderMissing: 'errors.impact.stakeholderMissing',
  outcomeNameRequired: 'errors.impact.outcomeNameRequired',
  tooManyCustomOutcomes: 'errors.impact.tooManyCustomOutcomes',
  customKeyInvalid: 'errors.impact.customKeyInvalid',
  customOutcomeHasSdg: 'errors.impact.customOutcomeHasSdg',
  frameworkOutcomeNeedsSdg: 'errors.impact.frameworkOutcomeNeedsSdg',
  duplicateOutcome: 'errors.impact.duplicateOutcome',
  targetRequired: 'errors.impact.targetRequired',
  negativeNumber: 'errors.impact.negativeNumber',
  notANumber: 'errors.impact.notANumber',
  tooLarge: 'errors.impact.tooLarge',
  indicatorNameRequired: 'errors.impact.indicatorNameRequired',
  budgetRequired: 'errors.impact.budgetRequired',
  spentOverBudget: 'errors.impact.spentOverBudget',
  outcomesRequired: 'errors.impact.outcomesRequired',
  unknownOutcome: 'errors.impact.unknownOutcome',
  unknownIndicator: 'errors.impact.unknownIndicator',
  unknownProxy: 'errors.impact.unknownProxy',
  unknownStakeholder: 'errors.impact.unknownStakeholder',
} as const;

/**
 * SPEC 5 "Impact design" — every rule of the answer, for page and server alike. With a framework
 * it also checks that outcomes, indicators, proxies and stakeholders come from it. `complete`
 * adds what submitting needs (a budget, at least one outcome). Returns [] when all is well.
 */
export function miniDyiAnswerProblems(
  answer: TMiniDyiAnswer,
  options: { framework?: Pick<TImpactFramework, 'outcomes' | 'stakeholders'>; complete?: boolean } = {},
): TFieldError[] {
  const problems: TFieldError[] = [];
  const add = (path: string, messageKey: string, params?: Record<string, string | number>) =>
    problems.push(params ? { path, messageKey, params } : { path, messageKey });
  const number = (path: string, value: number | null, required: boolean, maximum: number) => {
    if (value === null) {
      if (required) add(path, IMPACT_ERRORS.targetRequired);
      return;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) add(path, IMPACT_ERRORS.notANumber);
    else if (value < 0) add(path, IMPACT_ERRORS.negativeNumber);
    else if (value > maximum) add(path, IMPACT_ERRORS.tooLarge, { maximum });
  };

  number('budget', answer.budget, false, MINI_DYI_MAXIMUM.budget);
  number('budgetSpent', answer.budgetSpent, false, MINI_DYI_MAXIMUM.budgetSpent);
  if (options.complete && answer.budget === null) add('budget', IMPACT_ERRORS.budgetRequired);
  // What was spent is part of the investment: more than all of it is a slip of the keyboard.
  if (typeof answer.budget === 'number' && typeof answer.budgetSpent === 'number' && answer.budgetSpent > answer.budget)
    add('budgetSpent', IMPACT_ERRORS.spentOverBudget);

  if (answer.sdg.length > MAX_SDGS) add('sdg', IMPACT_ERRORS.tooManySdgs, { maximum: MAX_SDGS });
  if (new Set(answer.sdg).size !== answer.sdg.length) add('sdg', IMPACT_ERRORS.duplicateSdg);

  const perSdg = new Map<number, number>();
  const seen = new Set<string>();
  let custom = 0;
  const outcomesById = new Map(options.framework?.outcomes.map((o) => [o.id, o]));
  const stakeholderIds = new Set(options.framework?.stakeholders.map((s) => s.id));

  answer.selectedOutcomes.forEach((o, i) => {
    const at = `selectedOutcomes.${i}`;
    const def = o.customKey === null && o.outcomeId !== null ? outcomesById.get(o.outcomeId) : undefined;
    if (o.customKey !== null) {
      custom += 1;
      if (!CUSTOM_KEY.test(o.customKey)) add(`${at}.customKey`, IMPACT_ERRORS.customKeyInvalid);
      if (o.sdg !== null) add(`${at}.sdg`, IMPACT_ERRORS.customOutcomeHasSdg);
      if (seen.has(`custom:${o.customKey}`)) add(`${at}.customKey`, IMPACT_ERRORS.duplicateOutcome);
      seen.add(`custom:${o.customKey}`);
    } else {
      if (o.sdg === null || o.outcomeId === null) add(`${at}.sdg`, IMPACT_ERRORS.frameworkOutcomeNeedsSdg);
      else {
        perSdg.set(o.sdg, (perSdg.get(o.sdg) ?? 0) + 1);
        if (!answer.sdg.includes(o.sdg)) add(`${at}.sdg`, IMPACT_ERRORS.outcomeSdgNotSelected);
        if (seen.has(`${o.sdg}:${o.outcomeId}`)) add(`${at}.outcomeId`, IMPACT_ERRORS.duplicateOutcome);
        seen.add(`${o.sdg}:${o.outcomeId}`);
      }
      if (options.framework && o.outcomeId !== null) {
        if (!def || (o.sdg !== null && !def.sdg.includes(o.sdg))) add(`${at}.outcomeId`, IMPACT_ERRORS.unknownOutcome);
      }
    }
    if (!o.outcomeName.trim()) add(`${at}.outcomeName`, IMPACT_ERRORS.outcomeNameRequired);
    if (!o.stakeholderId.trim()) add(`${at}.stakeholderId`, IMPACT_ERRORS.stakeholderMissing);
    else if (options.framework && !stakeholderIds.has(o.stakeholderId))
      add(`${at}.stakeholderId`, IMPACT_ERRORS.unknownStakeholder);

    o.indicators.forEach((ind, j) => {
      const ip = `${at}.indicators.${j}`;
      number(`${ip}.indicatorTargetValue`, ind.indicatorTargetValue, true, MINI_DYI_MAXIMUM.indicatorTargetValue);
      number(`${ip}.proxyValue`, ind.proxyValue, false, MINI_DYI_MAXIMUM.proxyValue);
      if (!ind.indicatorName.trim()) add(`${ip}.indicatorName`, IMPACT_ERRORS.indicatorNameRequired);
      if (def) {
        const indDef = def.indicators.find((d) => d.id === ind.indicatorId);
        if (!indDef) add(`${ip}.indicatorId`, IMPACT_ERRORS.unknownIndicator);
        else if (ind.proxyId && !indDef.proxies.some((p) => p.id === ind.proxyId))
          add(`${ip}.proxyId`, IMPACT_ERRORS.unknownProxy);
      }
    });
  });
  for (const [sdg, count] of perSdg) {
    if (count > MAX_OUTCOMES_PER_SDG)
      add('selectedOutcomes', IMPACT_ERRORS.tooManyOutcomesPerSdg, { sdg, maximum: MAX_OUTCOMES_PER_SDG });
  }
  if (custom > MAX_CUSTOM_OUTCOMES)
    add('selectedOutcomes', IMPACT_ERRORS.tooManyCustomOutcomes, { maximum: MAX_CUSTOM_OUTCOMES });
  if (options.complete && answer.selectedOutcomes.length === 0) add('selectedOutcomes', IMPACT_ERRORS.outcomesRequired);
  return problems;
}

/**
 * What an answer may still lack while it is being written: a stakeholder not yet picked, a target
 * or a name not yet typed. Shown next to their fields and checked by Next and Submit, but no reason
 * to refuse the save of everything else typed (it would be lost with the tab).
 */
export const DRAFT_GAPS: ReadonlySet<string> = new Set([
  // Saved while the two amounts are being typed (the investment may come later, or from the budget step).
  IMPACT_ERRORS.spentOverBudget,
  IMPACT_ERRORS.stakeholderMissing,
  IMPACT_ERRORS.targetRequired,
  IMPACT_ERRORS.outcomeNameRequired,
  IMPACT_ERRORS.indicatorNameRequired,
]);

/** The problems that keep an answer from being saved at all: `miniDyiAnswerProblems` but the gaps of a draft. */
export function miniDyiDraftProblems(
  answer: TMiniDyiAnswer,
  options: { framework?: Pick<TImpactFramework, 'outcomes' | 'stakeholders'> } = {},
): TFieldError[] {
  return miniDyiAnswerProblems(answer, options).filter((p) => !DRAFT_GAPS.has(p.messageKey));
}

/** The SROI estimate of an answer: every checked indicator counts, target × proxy value per year. */
export function estimateMiniDyi(answer: TMiniDyiAnswer, params?: TSroiParams): TSroiEstimate {
  return estimateSroi(
    {
      budget: answer.budget ?? 0,
      indicators: answer.selectedOutcomes.flatMap((o) =>
        o.indicators.map((i) => ({ targetValue: i.indicatorTargetValue ?? 0, proxyValue: i.proxyValue ?? 0 })),
      ),
    },
    params,
  );
}

/** SPEC 4 "Impact selection": toggle an SDG, up to MAX_SDGS; dropping one drops its outcomes. */
export function toggleSdg(answer: TMiniDyiAnswer, code: number): TMiniDyiAnswer {
  if (answer.sdg.includes(code)) {
    return {
      ...answer,
      sdg: answer.sdg.filter((c) => c !== code),
      selectedOutcomes: answer.selectedOutcomes.filter((o) => o.customKey !== null || o.sdg !== code),
    };
  }
  if (answer.sdg.length >= MAX_SDGS) return answer;
  return { ...answer, sdg: [...answer.sdg, code] };
}

/** Toggle a framework outcome under an SDG, up to MAX_OUTCOMES_PER_SDG. */
export function toggleOutcome(answer: TMiniDyiAnswer, sdg: number, outcome: Pick<TOutcome, 'id' | 'name'>) {
  const has = answer.selectedOutcomes.some((o) => o.customKey === null && o.sdg === sdg && o.outcomeId === outcome.id);
  if (has) {
    return {
      ...answer,
      selectedOutcomes: answer.selectedOutcomes.filter(
        (o) => !(o.customKey === null && o.sdg === sdg && o.outcomeId === outcome.id),
      ),
    };
  }
  const count = answer.selectedOutcomes.filter((o) => o.customKey === null && o.sdg === sdg).length;
  if (count >= MAX_OUTCOMES_PER_SDG) return answer;
  const added: TMiniDyiOutcome = {
    outcomeId: outcome.id,
    sdg,
    outcomeName: outcome.name,
    stakeholderId: '',
    stakeholderName: '',
    customKey: null,
    indicators: [],
  };
  return { ...answer, selectedOutcomes: [...answer.selectedOutcomes, added] };
}

/** Toggle an indicator on an outcome; the proxy value starts from the framework's default. */
export function toggleIndicator(outcome: TMiniDyiOutcome, indicator: Pick<TIndicator, 'id' | 'name' | 'proxies'>) {
  if (outcome.indicators.some((i) => i.indicatorId === indicator.id)) {
    return { ...outcome, indicators: outcome.indicators.filter((i) => i.indicatorId !== indicator.id) };
  }
  const proxy = indicator.proxies[0];
  const added: TMiniDyiIndicator = {
    indicatorId: indicator.id,
    indicatorName: indicator.name,
    indicatorTargetValue: null,
    proxyId: proxy?.id ?? '',
    proxyName: proxy?.name ?? '',
    proxyValue: proxy?.defaultValue ?? null,
  };
  return { ...outcome, indicators: [...outcome.indicators, added] };
}

export function customOutcomeCount(answer: TMiniDyiAnswer) {
  return answer.selectedOutcomes.filter(isCustomOutcome).length;
}

/** A new custom outcome (SPEC 3: customKey, no SDG), with one indicator to fill. */
export function newCustomOutcome(): TMiniDyiOutcome {
  return {
    outcomeId: null,
    sdg: null,
    outcomeName: '',
    stakeholderId: '',
    stakeholderName: '',
    customKey: newCustomKey(),
    indicators: [
      { indicatorId: '', indicatorName: '', indicatorTargetValue: null, proxyId: '', proxyName: '', proxyValue: null },
    ],
  };
}

// ---- API shapes of the applicant's impact step ----
export const ZSroiScenario = z.object({
  yearly: z.array(z.number()),
  presentValue: z.number(),
  netPresentValue: z.number(),
  ratio: z.number().nullable(),
  paybackMonths: z.number().nullable(),
});
export const ZSroiEstimate = z.object({
  yearlyValue: z.number(),
  central: ZSroiScenario,
  low: ZSroiScenario,
  high: ZSroiScenario,
  overThreshold: z.boolean(),
});

/** SPEC 7 PUT ImpactFramework/PutMiniDYI: by stepResultID, or by submission and step; `version` as in UpsertCallStepResult. */
export const ZPutMiniDyiRequest = z.object({
  stepResultID: z.uuid().optional(),
  submissionId: z.uuid().optional(),
  stepId: z.uuid().optional(),
  version: z.number().int().min(0),
  budget: writeSchemas.amount(MINI_DYI_MAXIMUM.budget),
  budgetSpent: writeSchemas.amount(MINI_DYI_MAXIMUM.budgetSpent),
  sdg: z.array(ZSdgCode).max(17),
  outcomes: z.array(ZMiniDyiOutcome).max(100),
});
export type TPutMiniDyiRequest = z.infer<typeof ZPutMiniDyiRequest>;

export const ZMiniDyiResponse = z.object({
  submissionId: z.uuid(),
  stepId: z.uuid(),
  stepResultId: z.uuid().nullable(),
  version: z.number().int(),
  frameworkId: z.uuid().nullable(),
  answer: ZStoredMiniDyiAnswer,
  estimate: ZSroiEstimate,
  score: z.number().nullable(),
  lowerScore: z.number().nullable(),
  upperScore: z.number().nullable(),
});
export type TMiniDyiResponse = z.infer<typeof ZMiniDyiResponse>;
