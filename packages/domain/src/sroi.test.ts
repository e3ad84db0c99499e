import { describe, expect, it } from 'vitest';
import { DEFAULT_SROI_PARAMS, estimateSroi, SROI_WARNING_THRESHOLD, sroiScoreRange } from './sroi';

const one = (targetValue: number, proxyValue: number, budget: number) =>
  estimateSroi({ indicators: [{ targetValue, proxyValue }], budget });

describe('estimateSroi: hand-computed cases', () => {
  // Budget 100,000; one indicator 50 × 1,000 = 50,000 a year over 3 years.
  const e = one(50, 1000, 100_000);

  it('central: discounted at 3.5 %, no deflators ≈ 1.40', () => {
    // 50,000 × (1/1.035 + 1/1.035² + 1/1.035³) = 140,081.6
    expect(e.central.presentValue).toBeCloseTo(140_081.6, 0);
    expect(e.central.ratio).toBeCloseTo(1.4008, 3);
    expect(e.central.netPresentValue).toBeCloseTo(40_081.6, 0);
  });

  it('high: no deflators, no discount = 1.50', () => {
    expect(e.high.ratio).toBe(1.5);
  });

  it('low: deadweight 25 %, attribution 25 %, drop-off 20 % ≈ 0.64', () => {
    // 28,125 / 1.035 + 22,500 / 1.035² + 18,000 / 1.035³ = 64,412.9
    expect(e.low.yearly.map((v) => Math.round(v * 1e6) / 1e6)).toEqual([28_125, 22_500, 18_000]);
    expect(e.low.ratio).toBeCloseTo(0.6441, 3);
    expect(e.low.paybackMonths).toBeNull(); // never repaid within 3 years
  });

  it('payback: months until the discounted value covers the budget', () => {
    // Central: year 1 gives 48,309, year 2 46,675 (cum. 94,984), year 3 45,097: 24 + 5,016/45,097 × 12 → 26 months.
    expect(e.central.paybackMonths).toBe(26);
    expect(e.high.paybackMonths).toBe(24);
  });

  it('the score range is central / low / high', () => {
    const range = sroiScoreRange(e);
    expect(range.score).toBeCloseTo(1.4008, 3);
    expect(range.lowerScore).toBeCloseTo(0.6441, 3);
    expect(range.upperScore).toBe(1.5);
  });

  it('sums every checked indicator', () => {
    const two = estimateSroi({
      indicators: [
        { targetValue: 50, proxyValue: 1000 },
        { targetValue: 10, proxyValue: 500 },
      ],
      budget: 100_000,
    });
    expect(two.yearlyValue).toBe(55_000);
  });
});

describe('estimateSroi: edge cases', () => {
  it('a zero budget gives no ratio, never Infinity or NaN', () => {
    const e = one(50, 1000, 0);
    for (const s of [e.central, e.low, e.high]) {
      expect(s.ratio).toBeNull();
      expect(Number.isFinite(s.presentValue)).toBe(true);
    }
    expect(e.overThreshold).toBe(false);
  });

  it('no indicators: zero value, ratio 0', () => {
    const e = estimateSroi({ indicators: [], budget: 1000 });
    expect(e.central.ratio).toBe(0);
    expect(e.central.paybackMonths).toBeNull();
  });

  it('treats negative or non-numeric input as zero instead of producing nonsense', () => {
    const e = estimateSroi({ indicators: [{ targetValue: -5, proxyValue: Number.NaN }], budget: -10 });
    expect(e.yearlyValue).toBe(0);
    expect(e.central.ratio).toBeNull();
  });

  it(`warns above ${SROI_WARNING_THRESHOLD} only`, () => {
    // central ratio = 2.8016 × yearly / budget
    expect(one(1, 2.8 * 1000, 1000).overThreshold).toBe(false); // ≈ 7.84
    expect(one(1, 3 * 1000, 1000).overThreshold).toBe(true); // ≈ 8.40
  });

  it('uses per-call parameters', () => {
    const params = { ...DEFAULT_SROI_PARAMS, central: { ...DEFAULT_SROI_PARAMS.central, discountRate: 0 } };
    expect(estimateSroi({ indicators: [{ targetValue: 1, proxyValue: 100 }], budget: 300 }, params).central.ratio).toBe(
      1,
    );
  });
});

describe('estimateSroi: properties', () => {
  // Deterministic pseudo-random cases, so a failure is reproducible.
  let seed = 42;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const cases = Array.from({ length: 200 }, () => ({
    indicators: Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => ({
      targetValue: Math.round(rnd() * 1000),
      proxyValue: Math.round(rnd() * 5000),
    })),
    budget: 1 + Math.round(rnd() * 1_000_000),
  }));

  it('more value never lowers the ratio', () => {
    for (const c of cases) {
      const base = estimateSroi(c);
      const more = estimateSroi({
        ...c,
        indicators: [...c.indicators, { targetValue: 1 + rnd() * 10, proxyValue: 1 + rnd() * 100 }],
      });
      for (const k of ['central', 'low', 'high'] as const) {
        expect(more[k].ratio ?? 0).toBeGreaterThanOrEqual(base[k].ratio ?? 0);
      }
    }
  });

  it('more budget never raises the ratio', () => {
    for (const c of cases) {
      const base = estimateSroi(c);
      const bigger = estimateSroi({ ...c, budget: c.budget * (1 + rnd()) + 1 });
      for (const k of ['central', 'low', 'high'] as const) {
        expect(bigger[k].ratio ?? 0).toBeLessThanOrEqual(base[k].ratio ?? 0);
      }
    }
  });

  it('low ≤ central ≤ high with the default parameters', () => {
    for (const c of cases) {
      const e = estimateSroi(c);
      expect(e.low.ratio ?? 0).toBeLessThanOrEqual((e.central.ratio ?? 0) + 1e-12);
      expect(e.central.ratio ?? 0).toBeLessThanOrEqual((e.high.ratio ?? 0) + 1e-12);
    }
  });
});

describe('every figure is finite', () => {
  it('overflowing inputs give no value and no ratio, never Infinity or NaN', () => {
    const estimate = estimateSroi({ budget: 1e-300, indicators: [{ targetValue: 1e308, proxyValue: 1e308 }] });
    for (const scenario of [estimate.central, estimate.low, estimate.high]) {
      for (const n of [...scenario.yearly, scenario.presentValue, scenario.netPresentValue]) {
        expect(Number.isFinite(n)).toBe(true);
      }
      expect(scenario.ratio === null || Number.isFinite(scenario.ratio)).toBe(true);
    }
    expect(Number.isFinite(estimate.yearlyValue)).toBe(true);
  });
  it('a tiny budget under a large value gives a finite ratio or none', () => {
    const estimate = estimateSroi({ budget: 1e-300, indicators: [{ targetValue: 1e9, proxyValue: 1e9 }] });
    expect(estimate.central.ratio).toBeNull();
  });
});
