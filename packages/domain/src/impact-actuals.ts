import { z } from 'zod';
import { MINI_DYI_MAXIMUM, type TMiniDyiAnswer, ZSdgCode } from './impact';
import type { TFieldError } from './problem';
import { estimateSroi, type TSroiEstimate, type TSroiInput, type TSroiParams, ZSroiParams } from './sroi';
import { ZUploadAnswer } from './submissions';

/**
 * Impact actuals (docs/IMPACT.md "Actual SROI"): a grant's report says what each indicator the
 * application chose achieved in the period. The achieved value replaces the yearly target, and
 * the SROI is computed again with the forecast's own proxies, parameters, budget and horizon.
 */

/** One indicator the application chose, as the report lists it (read from the application only). */
export const ZActualsIndicator = z.object({
  /** `<outcome index>-<indicator index>` in the application's answer: the value's and file slot's key. */
  key: z.string().max(20),
  outcomeName: z.string(),
  stakeholderName: z.string(),
  indicatorName: z.string(),
  proxyName: z.string(),
  targetValue: z.number(),
  proxyValue: z.number(),
  /**
   * The SDG its outcome was chosen under: null for a custom outcome, and absent from forecasts
   * kept before the portfolio compared indicators by SDG (those count in their grant, under no SDG).
   */
  sdg: ZSdgCode.nullable().optional(),
});
export type TActualsIndicator = z.infer<typeof ZActualsIndicator>;

/** The forecast as the application left it: what the actuals are measured against. */
export const ZActualsForecast = z.object({
  budget: z.number(),
  params: ZSroiParams,
  indicators: z.array(ZActualsIndicator),
});
export type TActualsForecast = z.infer<typeof ZActualsForecast>;

const ratio = z.number().nullable();
export const ZSroiRatios = z.object({ low: ratio, central: ratio, high: ratio });
export type TSroiRatios = z.infer<typeof ZSroiRatios>;

export const ACTUALS_NOTE_MAX = 2000;
export const ZActualsValue = z.object({
  key: z.string().max(20),
  /** Null while not yet typed; the rules refuse negative, non-finite and too large numbers. */
  value: z.number().nullable(),
  note: z.string().max(ACTUALS_NOTE_MAX).default(''),
});
export type TActualsValue = z.infer<typeof ZActualsValue>;

/** What the grantee writes: values and notes. Anything else in the answer is the server's. */
export const ZImpactActualsWrite = z.object({ values: z.array(ZActualsValue).max(10_000) });

/** The stored answer: the values, the evidence files (written by uploads), the forecast and both ratios. */
export const ZImpactActualsAnswer = ZImpactActualsWrite.extend({
  files: ZUploadAnswer.shape.files.default([]),
  forecast: ZActualsForecast.nullable().default(null),
  forecastSroi: ZSroiRatios.nullable().default(null),
  actualSroi: ZSroiRatios.nullable().default(null),
  /** Kept by the server in a report whose application has no indicators: nothing to report, nothing missing. */
  nothingToMeasure: z.literal(true).optional(),
});
export type TImpactActualsAnswer = z.infer<typeof ZImpactActualsAnswer>;

export const IMPACT_ACTUALS_ERRORS = {
  unknownIndicator: 'errors.impactActuals.unknownIndicator',
  duplicateIndicator: 'errors.impactActuals.duplicateIndicator',
  valueRequired: 'errors.impactActuals.valueRequired',
  notAReport: 'errors.impactActuals.notAReport',
  noImpactAnswer: 'errors.impactActuals.noImpactAnswer',
  negativeNumber: 'errors.impact.negativeNumber',
  notANumber: 'errors.impact.notANumber',
  tooLarge: 'errors.impact.tooLarge',
} as const;

/** Every indicator of the application's impact answer, in order, keyed by its position. */
export function actualsIndicatorsOf(answer: TMiniDyiAnswer): TActualsIndicator[] {
  return answer.selectedOutcomes.flatMap((o, i) =>
    o.indicators.map((ind, j) => ({
      key: `${i}-${j}`,
      outcomeName: o.outcomeName,
      stakeholderName: o.stakeholderName,
      indicatorName: ind.indicatorName,
      proxyName: ind.proxyName,
      targetValue: ind.indicatorTargetValue ?? 0,
      proxyValue: ind.proxyValue ?? 0,
      sdg: o.sdg,
    })),
  );
}

/** The forecast's SROI input: the application's targets and proxies, and its budget. */
export const forecastSroiInput = (forecast: TActualsForecast): TSroiInput => ({
  budget: forecast.budget,
  indicators: forecast.indicators.map((i) => ({ targetValue: i.targetValue, proxyValue: i.proxyValue })),
});

/**
 * The actual (evaluative) SROI: the forecast's input with each indicator's achieved value in place
 * of its yearly target, everything else (proxies, budget, parameters, 3-year horizon) unchanged.
 * `actuals` follows the forecast's indicators; null (no estimate) while any is missing.
 */
export function estimateActualSroi(
  forecast: TSroiInput,
  actuals: ReadonlyArray<number | null | undefined>,
  params?: TSroiParams,
): TSroiEstimate | null {
  if (actuals.length !== forecast.indicators.length) return null;
  const indicators: { targetValue: number; proxyValue: number }[] = [];
  for (const [k, indicator] of forecast.indicators.entries()) {
    const achieved = actuals[k];
    if (achieved === null || achieved === undefined) return null;
    indicators.push({ targetValue: achieved, proxyValue: indicator.proxyValue });
  }
  return estimateSroi({ budget: forecast.budget, indicators }, params);
}

export const sroiRatios = (estimate: TSroiEstimate | null): TSroiRatios | null =>
  estimate && { low: estimate.low.ratio, central: estimate.central.ratio, high: estimate.high.ratio };

/** The achieved values in the forecast's order (null where none was written). */
export function actualValuesInOrder(forecast: TActualsForecast, values: readonly TActualsValue[]): (number | null)[] {
  const byKey = new Map(values.map((v) => [v.key, v.value]));
  return forecast.indicators.map((i) => byKey.get(i.key) ?? null);
}

/** Both estimates of a report: the forecast as it was, and the actual one (null until every value is in). */
export function actualsEstimates(forecast: TActualsForecast, values: readonly TActualsValue[]) {
  const input = forecastSroiInput(forecast);
  return {
    forecast: estimateSroi(input, forecast.params),
    actual: estimateActualSroi(input, actualValuesInOrder(forecast, values), forecast.params),
  };
}

/**
 * What the server refuses in a write (400): a value for an indicator the application did not
 * choose, the same indicator twice, a negative, non-finite or too large value.
 */
export function actualsWriteProblems(forecast: TActualsForecast, values: readonly TActualsValue[]): TFieldError[] {
  const known = new Set(forecast.indicators.map((i) => i.key));
  const seen = new Set<string>();
  const problems: TFieldError[] = [];
  values.forEach((v, n) => {
    const at = `content.values.${n}`;
    if (!known.has(v.key)) problems.push({ path: `${at}.key`, messageKey: IMPACT_ACTUALS_ERRORS.unknownIndicator });
    else if (seen.has(v.key))
      problems.push({ path: `${at}.key`, messageKey: IMPACT_ACTUALS_ERRORS.duplicateIndicator });
    seen.add(v.key);
    if (v.value === null) return;
    if (!Number.isFinite(v.value)) problems.push({ path: `${at}.value`, messageKey: IMPACT_ACTUALS_ERRORS.notANumber });
    else if (v.value < 0) problems.push({ path: `${at}.value`, messageKey: IMPACT_ACTUALS_ERRORS.negativeNumber });
    else if (v.value > MINI_DYI_MAXIMUM.indicatorTargetValue)
      problems.push({
        path: `${at}.value`,
        messageKey: IMPACT_ACTUALS_ERRORS.tooLarge,
        params: { maximum: MINI_DYI_MAXIMUM.indicatorTargetValue },
      });
  });
  return problems;
}

/** The indicators still without a value (what keeps the report from being submitted). */
export function indicatorsWithoutValue(forecast: TActualsForecast, values: readonly TActualsValue[]): string[] {
  const byKey = new Map(values.map((v) => [v.key, v.value]));
  return forecast.indicators.filter((i) => byKey.get(i.key) == null).map((i) => i.key);
}

/** A stored answer (null when there is none or it is not one). */
export function parseImpactActualsAnswer(content: string | undefined): TImpactActualsAnswer | null {
  if (!content) return null;
  try {
    const parsed = ZImpactActualsAnswer.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** GET ImpactActuals/GetForecast: the application's indicators and forecast, or why there are none. */
export const ZActualsForecastStatus = z.enum(['ok', 'notAReport', 'noImpactAnswer']);
export type TActualsForecastStatus = z.infer<typeof ZActualsForecastStatus>;
export const ZActualsForecastResponse = z.object({
  status: ZActualsForecastStatus,
  forecast: ZActualsForecast.nullable(),
  forecastSroi: ZSroiRatios.nullable(),
  /** The grant's currency, which the forecast's budget and proxies are in. */
  currency: z.string().default('EUR'),
});
export type TActualsForecastResponse = z.infer<typeof ZActualsForecastResponse>;

/**
 * Outcomes promised against achieved, counted by indicator: `promised` the forecast's indicators
 * with a yearly target above 0, `reported` those a report gave a value, `met` those whose value
 * reached the target.
 */
export const ZIndicatorTally = z.object({
  promised: z.number().int(),
  reported: z.number().int(),
  met: z.number().int(),
});
export type TIndicatorTally = z.infer<typeof ZIndicatorTally>;
export const EMPTY_INDICATOR_TALLY: TIndicatorTally = { promised: 0, reported: 0, met: 0 };

export const addTallies = (a: TIndicatorTally, b: TIndicatorTally): TIndicatorTally => ({
  promised: a.promised + b.promised,
  reported: a.reported + b.reported,
  met: a.met + b.met,
});

/**
 * A grant's indicators against a report's values (none yet: every indicator promised, none
 * reported), in all and by the SDG of each indicator's outcome (custom outcomes and forecasts kept
 * without SDGs count only in all).
 */
export function indicatorTallies(
  indicators: readonly Pick<TActualsIndicator, 'key' | 'sdg' | 'targetValue'>[],
  values: readonly Pick<TActualsValue, 'key' | 'value'>[],
): { all: TIndicatorTally; bySdg: Map<number, TIndicatorTally> } {
  const byKey = new Map(values.map((v) => [v.key, v.value]));
  let all = EMPTY_INDICATOR_TALLY;
  const bySdg = new Map<number, TIndicatorTally>();
  for (const indicator of indicators) {
    // A yearly target of 0 promises nothing: met whatever is reported, it would only swell the count.
    if (!(indicator.targetValue > 0)) continue;
    const value = byKey.get(indicator.key);
    const reported = value !== null && value !== undefined;
    const one = { promised: 1, reported: reported ? 1 : 0, met: reported && value >= indicator.targetValue ? 1 : 0 };
    all = addTallies(all, one);
    if (indicator.sdg) bySdg.set(indicator.sdg, addTallies(bySdg.get(indicator.sdg) ?? EMPTY_INDICATOR_TALLY, one));
  }
  return { all, bySdg };
}
