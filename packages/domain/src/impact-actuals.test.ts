import { describe, expect, it } from 'vitest';
import {
  actualsEstimates,
  actualsWriteProblems,
  estimateActualSroi,
  indicatorsWithoutValue,
  indicatorTallies,
  type TActualsForecast,
  type TActualsIndicator,
} from './impact-actuals';
import { DEFAULT_SROI_PARAMS, estimateSroi, type TSroiParams } from './sroi';
import { impactActualsProblems } from './step-types';

/** docs/IMPACT.md "Actual SROI, worked example": every figure below is computed there by hand. */
const central = { deadweight: 0.1, displacement: 0, attribution: 0.2, dropOff: 0.1, discountRate: 0.035 };
const params: TSroiParams = { ...DEFAULT_SROI_PARAMS, central };
const forecastInput = {
  budget: 100_000,
  indicators: [
    { targetValue: 50, proxyValue: 1_000 },
    { targetValue: 20, proxyValue: 500 },
  ],
};
const forecast: TActualsForecast = {
  budget: 100_000,
  params,
  indicators: [
    {
      key: '0-0',
      outcomeName: 'Lavoro',
      stakeholderName: 'Giovani',
      indicatorName: 'Assunti',
      proxyName: 'Salario',
      targetValue: 50,
      proxyValue: 1_000,
    },
    {
      key: '1-0',
      outcomeName: 'Clima',
      stakeholderName: 'Comunità',
      indicatorName: 'CO2 evitata (t)',
      proxyName: 'Costo sociale',
      targetValue: 20,
      proxyValue: 500,
    },
  ],
};
const round2 = (n: number | null | undefined) => (n == null ? n : Math.round(n * 100) / 100);

describe('the actual SROI (worked example of docs/IMPACT.md)', () => {
  it('the forecast: 60,000 a year, 43,200 in year 1, present value 109,594.81, ratio 1.10', () => {
    const f = estimateSroi(forecastInput, params);
    expect(f.yearlyValue).toBe(60_000);
    expect(f.central.yearly.map(round2)).toEqual([43_200, 38_880, 34_992]);
    expect(round2(f.central.presentValue)).toBe(109_594.81);
    expect(round2(f.central.ratio)).toBe(1.1);
  });

  it('the actual: 40 and 30 achieved, 55,000 a year, present value 100,461.91, ratio 1.00', () => {
    const a = estimateActualSroi(forecastInput, [40, 30], params);
    expect(a?.yearlyValue).toBe(55_000);
    expect(a?.central.yearly.map(round2)).toEqual([39_600, 35_640, 32_076]);
    expect(round2(a?.central.presentValue)).toBe(100_461.91);
    expect(round2(a?.central.netPresentValue)).toBe(461.91);
    expect(round2(a?.central.ratio)).toBe(1);
    expect(a?.central.paybackMonths).toBe(36);
  });

  it('is the forecast method on the achieved values, and none while a value is missing', () => {
    expect(estimateActualSroi(forecastInput, [50, 20], params)).toEqual(estimateSroi(forecastInput, params));
    expect(estimateActualSroi(forecastInput, [40, null], params)).toBeNull();
    expect(estimateActualSroi(forecastInput, [40], params)).toBeNull();
    const both = actualsEstimates(forecast, [
      { key: '1-0', value: 30, note: '' },
      { key: '0-0', value: 40, note: '' },
    ]);
    expect(round2(both.forecast.central.ratio)).toBe(1.1);
    expect(round2(both.actual?.central.ratio)).toBe(1);
  });

  it('refuses values of indicators not chosen, twice the same, negative or non-finite', () => {
    const problems = actualsWriteProblems(forecast, [
      { key: '0-0', value: -1, note: '' },
      { key: '0-0', value: 1, note: '' },
      { key: '2-0', value: 1, note: '' },
      { key: '1-0', value: Number.NaN, note: '' },
    ]);
    expect(problems.map((p) => `${p.path} ${p.messageKey}`)).toEqual([
      'content.values.0.value errors.impact.negativeNumber',
      'content.values.1.key errors.impactActuals.duplicateIndicator',
      'content.values.2.key errors.impactActuals.unknownIndicator',
      'content.values.3.value errors.impact.notANumber',
    ]);
  });

  it('every listed indicator needs a value before Submit; without a forecast the step says so', () => {
    expect(indicatorsWithoutValue(forecast, [{ key: '0-0', value: 0, note: '' }])).toEqual(['1-0']);
    const answer = (values: unknown[]) => JSON.stringify({ values, forecast });
    expect(impactActualsProblems(answer([{ key: '0-0', value: 3, note: '' }]))).toEqual([
      'errors.impactActuals.valueRequired',
    ]);
    expect(
      impactActualsProblems(
        answer([
          { key: '0-0', value: 3 },
          { key: '1-0', value: 0 },
        ]),
      ),
    ).toEqual([]);
    expect(impactActualsProblems(JSON.stringify({ values: [] }))).toEqual(['errors.impactActuals.notAReport']);
    // A value out of range, on the page before it is saved empty, holds the step with its own words.
    expect(
      impactActualsProblems(
        answer([
          { key: '0-0', value: -3 },
          { key: '1-0', value: 2e9 },
        ]),
      ),
    ).toEqual(['errors.impact.negativeNumber', 'errors.impact.tooLarge']);
  });

  it('counts indicators promised, reported and met (a value at or above the yearly target), in all and by SDG', () => {
    const [work, climate] = forecast.indicators as [TActualsIndicator, TActualsIndicator];
    const bySdg: TActualsIndicator[] = [
      { ...work, sdg: 8 },
      { ...climate, sdg: 13 },
      { ...climate, key: '2-0', sdg: null },
    ];
    const none = indicatorTallies(bySdg, []);
    expect(none.all).toEqual({ promised: 3, reported: 0, met: 0 });
    const some = indicatorTallies(bySdg, [
      { key: '0-0', value: 50 },
      { key: '1-0', value: 19.5 },
      { key: '2-0', value: null },
    ]);
    expect(some.all).toEqual({ promised: 3, reported: 2, met: 1 });
    expect(Object.fromEntries(some.bySdg)).toEqual({
      8: { promised: 1, reported: 1, met: 1 },
      13: { promised: 1, reported: 1, met: 0 },
    });
    // A target of 0 promises nothing.
    expect(indicatorTallies([{ ...work, targetValue: 0, sdg: 8 }], [{ key: '0-0', value: 3 }]).all).toEqual({
      promised: 0,
      reported: 0,
      met: 0,
    });
    // A forecast kept before indicators carried their SDG counts only in all.
    expect(indicatorTallies(forecast.indicators, [{ key: '0-0', value: 0 }]).bySdg.size).toBe(0);
  });
});
