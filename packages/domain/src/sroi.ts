import { z } from 'zod';

/**
 * The SROI estimate of the impact-design step (docs/IMPACT.md has the method and a worked example).
 * Following the SROI Guide: value per year = target × financial proxy; impact = value less what
 * would have happened anyway (deadweight), what it displaced, and what others contributed
 * (attribution); it fades by the drop-off each later year; it is discounted to present value.
 */

/** SPEC 9: impact is estimated over 3 years; SPEC 5: a warning shows above 8. */
export const SROI_YEARS = 3;
export const SROI_WARNING_THRESHOLD = 8;

const rate = z.number().min(0).max(1);
export const ZSroiScenarioParams = z.object({
  deadweight: rate,
  displacement: rate,
  attribution: rate,
  dropOff: rate,
  discountRate: z.number().min(0).max(0.5),
});
export type TSroiScenarioParams = z.infer<typeof ZSroiScenarioParams>;

export const ZSroiParams = z.object({
  central: ZSroiScenarioParams,
  low: ZSroiScenarioParams,
  high: ZSroiScenarioParams,
});
export type TSroiParams = z.infer<typeof ZSroiParams>;

/** Documented defaults; each call's impact step may override them. */
export const DEFAULT_SROI_PARAMS: TSroiParams = {
  central: { deadweight: 0, displacement: 0, attribution: 0, dropOff: 0, discountRate: 0.035 },
  low: { deadweight: 0.25, displacement: 0, attribution: 0.25, dropOff: 0.2, discountRate: 0.035 },
  high: { deadweight: 0, displacement: 0, attribution: 0, dropOff: 0, discountRate: 0 },
};

export type TSroiInput = {
  /** The checked indicators: yearly target quantity and the value of one unit (the proxy). */
  indicators: ReadonlyArray<{ targetValue: number; proxyValue: number }>;
  /** What the project asks for (about 3 years, SPEC 9). */
  budget: number;
};

export type TSroiScenario = {
  /** Impact value of each year, before discounting. */
  yearly: number[];
  presentValue: number;
  netPresentValue: number;
  /** present value ÷ budget; null when the budget is zero (no ratio can be given). */
  ratio: number | null;
  /** Months until the discounted value covers the budget; null if not within the horizon. */
  paybackMonths: number | null;
};

export type TSroiEstimate = {
  yearlyValue: number;
  central: TSroiScenario;
  low: TSroiScenario;
  high: TSroiScenario;
  /** Central ratio above SROI_WARNING_THRESHOLD: probably inflated targets or proxies. */
  overThreshold: boolean;
};

const finite = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

function scenario(yearlyValue: number, budget: number, p: TSroiScenarioParams): TSroiScenario {
  const firstYear = yearlyValue * (1 - p.deadweight) * (1 - p.displacement) * (1 - p.attribution);
  const yearly: number[] = [];
  const discounted: number[] = [];
  for (let t = 1; t <= SROI_YEARS; t++) {
    const value = firstYear * (1 - p.dropOff) ** (t - 1);
    yearly.push(value);
    discounted.push(value / (1 + p.discountRate) ** t);
  }
  const presentValue = discounted.reduce((a, b) => a + b, 0);
  let paybackMonths: number | null = null;
  if (budget <= 0) paybackMonths = 0;
  else {
    let cumulative = 0;
    for (let t = 0; t < discounted.length; t++) {
      const year = discounted[t] ?? 0;
      if (year > 0 && cumulative + year >= budget) {
        // Value accrues evenly within a year.
        paybackMonths = Math.ceil(t * 12 + ((budget - cumulative) / year) * 12);
        break;
      }
      cumulative += year;
    }
  }
  return {
    yearly: yearly.map(orZero),
    presentValue: orZero(presentValue),
    netPresentValue: orZero(presentValue - budget),
    ratio: budget > 0 ? orNull(presentValue / budget) : null,
    paybackMonths: orNull(paybackMonths),
  };
}

/**
 * Every figure leaves this module finite, whatever came in (JSON cannot carry Infinity, and a
 * stored Infinity made every read of the submission fail). Inputs within MINI_DYI_MAXIMUM never
 * get here; answers stored before the limits get a figure of 0 or "no ratio" instead.
 */
const orZero = (n: number) => (Number.isFinite(n) ? n : 0);
const orNull = (n: number | null) => (n !== null && Number.isFinite(n) ? n : null);

export function estimateSroi(input: TSroiInput, params: TSroiParams = DEFAULT_SROI_PARAMS): TSroiEstimate {
  const summed = input.indicators.reduce((sum, i) => sum + finite(i.targetValue) * finite(i.proxyValue), 0);
  // Beyond MAX_VALUE the sum is no estimate at all: report no value rather than Infinity.
  const yearlyValue = orZero(summed);
  const budget = finite(input.budget);
  const central = scenario(yearlyValue, budget, params.central);
  return {
    yearlyValue,
    central,
    low: scenario(yearlyValue, budget, params.low),
    high: scenario(yearlyValue, budget, params.high),
    overThreshold: central.ratio !== null && central.ratio > SROI_WARNING_THRESHOLD,
  };
}

/** SPEC 3 "Score range result": the central ratio is the score; low and high bound it. */
export function sroiScoreRange(estimate: TSroiEstimate) {
  return { score: estimate.central.ratio, lowerScore: estimate.low.ratio, upperScore: estimate.high.ratio };
}
