import { describe, expect, it } from 'vitest';
import {
  EMPTY_MINI_DYI,
  estimateMiniDyi,
  IMPACT_ERRORS,
  MINI_DYI_MAXIMUM,
  miniDyiAnswerProblems,
  miniDyiDraftProblems,
  newCustomKey,
  newCustomOutcome,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TMiniDyiAnswer,
  type TMiniDyiOutcome,
  toggleIndicator,
  toggleOutcome,
  toggleSdg,
  ZMiniDyiAnswer,
} from './impact';
import { MINI_DYI_SUB, miniDyiProblems } from './step-types/mini-dyi';

const framework = {
  stakeholders: [{ id: 's1', name: 'Giovani', description: '' }],
  outcomes: [
    {
      id: 'o1',
      name: 'Occupazione',
      description: '',
      sdg: [8],
      indicators: [
        {
          id: 'i1',
          name: 'Persone assunte',
          description: '',
          proxies: [{ id: 'p1', name: 'Salario', defaultValue: 1000, sourceName: '', sourceUrl: '' }],
        },
      ],
    },
  ],
};

const fwIndicator = framework.outcomes[0]?.indicators[0] ?? { id: '', name: '', proxies: [] };
const outcome = (over: Partial<TMiniDyiOutcome> = {}): TMiniDyiOutcome => ({
  outcomeId: 'o1',
  sdg: 8,
  outcomeName: 'Occupazione',
  stakeholderId: 's1',
  stakeholderName: 'Giovani',
  customKey: null,
  indicators: [
    {
      indicatorId: 'i1',
      indicatorName: 'Persone assunte',
      indicatorTargetValue: 50,
      proxyId: 'p1',
      proxyName: 'Salario',
      proxyValue: 1000,
    },
  ],
  ...over,
});
const valid: TMiniDyiAnswer = { budget: 100_000, budgetSpent: 0, sdg: [8], selectedOutcomes: [outcome()] };
const keys = (a: TMiniDyiAnswer, o = {}) => miniDyiAnswerProblems(a, { framework, ...o }).map((p) => p.messageKey);

describe('mini impact design rules (SPEC 5, 9)', () => {
  it('accepts a valid answer, and an empty draft', () => {
    expect(keys(valid, { complete: true })).toEqual([]);
    expect(keys(EMPTY_MINI_DYI)).toEqual([]);
  });
  it('at most 4 SDGs', () => {
    expect(keys({ ...valid, sdg: [1, 2, 3, 8] })).toEqual([]);
    expect(keys({ ...valid, sdg: [1, 2, 3, 4, 8] })).toContain(IMPACT_ERRORS.tooManySdgs);
  });
  it('at most 4 outcomes per SDG', () => {
    const many = Array.from({ length: 5 }, (_, i) => outcome({ outcomeId: `x${i}` }));
    expect(miniDyiAnswerProblems({ ...valid, selectedOutcomes: many.slice(0, 4) }).map((p) => p.messageKey)).toEqual(
      [],
    );
    expect(miniDyiAnswerProblems({ ...valid, selectedOutcomes: many }).map((p) => p.messageKey)).toContain(
      IMPACT_ERRORS.tooManyOutcomesPerSdg,
    );
  });
  it('at least one stakeholder per outcome, a name for each outcome', () => {
    expect(keys({ ...valid, selectedOutcomes: [outcome({ stakeholderId: '' })] })).toContain(
      IMPACT_ERRORS.stakeholderMissing,
    );
    expect(keys({ ...valid, selectedOutcomes: [outcome({ outcomeName: ' ' })] })).toContain(
      IMPACT_ERRORS.outcomeNameRequired,
    );
  });
  it('a draft may be saved without a stakeholder, a target or a name, never with a wrong value', () => {
    const unfinished = {
      ...valid,
      selectedOutcomes: [
        outcome({
          stakeholderId: '',
          outcomeName: ' ',
          indicators: outcome().indicators.map((i) => ({ ...i, indicatorTargetValue: null, indicatorName: '' })),
        }),
      ],
    };
    expect(keys(unfinished)).toEqual(
      expect.arrayContaining([IMPACT_ERRORS.stakeholderMissing, IMPACT_ERRORS.targetRequired]),
    );
    expect(miniDyiDraftProblems(unfinished)).toEqual([]);
    expect(miniDyiDraftProblems({ ...unfinished, budget: -1 }).map((p) => p.messageKey)).toEqual([
      IMPACT_ERRORS.negativeNumber,
    ]);
  });
  it('at most 3 custom outcomes, each with a 12-character key and no SDG', () => {
    const custom = () => ({ ...newCustomOutcome(), outcomeName: 'Mio', stakeholderId: 's1' });
    const named = (o: TMiniDyiOutcome) => ({
      ...o,
      indicators: o.indicators.map((i) => ({ ...i, indicatorName: 'n', indicatorTargetValue: 1, proxyValue: 1 })),
    });
    const three = [custom(), custom(), custom()].map(named);
    expect(keys({ ...valid, selectedOutcomes: three })).toEqual([]);
    expect(keys({ ...valid, selectedOutcomes: [...three, named(custom())] })).toContain(
      IMPACT_ERRORS.tooManyCustomOutcomes,
    );
    expect(keys({ ...valid, selectedOutcomes: [{ ...(three[0] as TMiniDyiOutcome), sdg: 8 }] })).toContain(
      IMPACT_ERRORS.customOutcomeHasSdg,
    );
    expect(keys({ ...valid, selectedOutcomes: [{ ...(three[0] as TMiniDyiOutcome), customKey: 'short' }] })).toContain(
      IMPACT_ERRORS.customKeyInvalid,
    );
  });
  it('numbers are ≥ 0; a checked indicator needs a target', () => {
    expect(keys({ ...valid, budget: -1 })).toContain(IMPACT_ERRORS.negativeNumber);
    expect(keys({ ...valid, budgetSpent: -1 })).toContain(IMPACT_ERRORS.negativeNumber);
    const ind = outcome().indicators[0] as TMiniDyiOutcome['indicators'][number];
    expect(keys({ ...valid, selectedOutcomes: [outcome({ indicators: [{ ...ind, proxyValue: -5 }] })] })).toContain(
      IMPACT_ERRORS.negativeNumber,
    );
    expect(
      keys({ ...valid, selectedOutcomes: [outcome({ indicators: [{ ...ind, indicatorTargetValue: null }] })] }),
    ).toContain(IMPACT_ERRORS.targetRequired);
    expect(keys({ ...valid, budget: Number.POSITIVE_INFINITY })).toContain(IMPACT_ERRORS.notANumber);
  });
  it('what was spent is at most the budget: said on the field, saved in a draft, refused at submitting', () => {
    expect(keys({ ...valid, budget: 1000, budgetSpent: 2000 })).toContain(IMPACT_ERRORS.spentOverBudget);
    expect(keys({ ...valid, budget: 1000, budgetSpent: 1000 })).not.toContain(IMPACT_ERRORS.spentOverBudget);
    expect(keys({ ...valid, budget: null, budgetSpent: 2000 })).not.toContain(IMPACT_ERRORS.spentOverBudget);
    expect(miniDyiDraftProblems({ ...valid, budget: 1000, budgetSpent: 2000 })).toEqual([]);
    expect(
      miniDyiAnswerProblems({ ...valid, budget: 1000, budgetSpent: 2000 }, { complete: true }).map((p) => p.path),
    ).toEqual(['budgetSpent']);
  });
  it('more spent than the budget holds Submit, not Next (the budget may come from a later budget step)', () => {
    const content = JSON.stringify({ ...valid, budget: 0, budgetSpent: 500 });
    expect(miniDyiProblems(content, MINI_DYI_SUB.budget)).not.toContain(IMPACT_ERRORS.spentOverBudget);
    expect(miniDyiProblems(content)).toContain(IMPACT_ERRORS.spentOverBudget);
  });

  it('numbers have a documented maximum per field, in the rules and in the contract', () => {
    const ind = outcome().indicators[0] as TMiniDyiOutcome['indicators'][number];
    const huge = { ...ind, indicatorTargetValue: 1e308, proxyValue: MINI_DYI_MAXIMUM.proxyValue + 1 };
    const answer = { ...valid, budget: 1e308, selectedOutcomes: [outcome({ indicators: [huge] })] };
    const problems = miniDyiAnswerProblems(answer);
    const tooLarge = problems.filter((p) => p.messageKey === IMPACT_ERRORS.tooLarge).map((p) => p.path);
    expect(tooLarge).toEqual([
      'budget',
      'selectedOutcomes.0.indicators.0.indicatorTargetValue',
      'selectedOutcomes.0.indicators.0.proxyValue',
    ]);
    expect(ZMiniDyiAnswer.safeParse(answer).success).toBe(false);
    expect(
      ZMiniDyiAnswer.safeParse({ ...valid, budget: MINI_DYI_MAXIMUM.budget, budgetSpent: MINI_DYI_MAXIMUM.budgetSpent })
        .success,
    ).toBe(true);
    // Stored answers from before the limits still parse (the rules then ask for a correction).
    expect(parseMiniDyiAnswer(JSON.stringify(answer))).not.toBeNull();
  });
  it('with a framework: outcomes, indicators, stakeholders must come from it; the outcome SDG must be chosen', () => {
    expect(keys({ ...valid, selectedOutcomes: [outcome({ outcomeId: 'nope' })] })).toContain(
      IMPACT_ERRORS.unknownOutcome,
    );
    expect(keys({ ...valid, selectedOutcomes: [outcome({ stakeholderId: 'nope' })] })).toContain(
      IMPACT_ERRORS.unknownStakeholder,
    );
    expect(keys({ ...valid, sdg: [3] })).toContain(IMPACT_ERRORS.outcomeSdgNotSelected);
  });
  it('complete: submitting needs a budget and an outcome', () => {
    expect(keys(EMPTY_MINI_DYI, { complete: true })).toEqual([
      IMPACT_ERRORS.budgetRequired,
      IMPACT_ERRORS.outcomesRequired,
    ]);
  });
});

describe('impact selection helpers (SPEC 4)', () => {
  it('toggles SDGs up to 4; dropping one drops its outcomes', () => {
    let a = EMPTY_MINI_DYI;
    for (const c of [1, 2, 3, 4, 5]) a = toggleSdg(a, c);
    expect(a.sdg).toEqual([1, 2, 3, 4]);
    a = toggleOutcome(a, 1, { id: 'o1', name: 'x' });
    expect(a.selectedOutcomes).toHaveLength(1);
    a = toggleSdg(a, 1);
    expect(a.selectedOutcomes).toHaveLength(0);
  });
  it('toggles outcomes up to 4 per SDG', () => {
    let a = toggleSdg(EMPTY_MINI_DYI, 8);
    for (const id of ['a', 'b', 'c', 'd', 'e']) a = toggleOutcome(a, 8, { id, name: id });
    expect(a.selectedOutcomes.map((o) => o.outcomeId)).toEqual(['a', 'b', 'c', 'd']);
    a = toggleOutcome(a, 8, { id: 'a', name: 'a' });
    expect(a.selectedOutcomes).toHaveLength(3);
  });
  it('toggling an indicator adds it with the default proxy value, or removes it', () => {
    const o = toggleIndicator(outcome({ indicators: [] }), fwIndicator);
    expect(o.indicators[0]).toMatchObject({ indicatorId: 'i1', proxyValue: 1000, indicatorTargetValue: null });
    expect(toggleIndicator(o, fwIndicator).indicators).toEqual([]);
  });
  it('custom keys are 12 random alphanumerics', () => {
    const a = newCustomKey();
    expect(a).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newCustomKey()).not.toBe(a);
  });
});

describe('estimate of an answer', () => {
  it('matches the worked example: central ≈ 1.40, high 1.50, low ≈ 0.64', () => {
    const e = estimateMiniDyi(valid);
    expect(e.central.ratio).toBeCloseTo(1.4, 2);
    expect(e.high.ratio).toBeCloseTo(1.5, 5);
    expect(e.low.ratio).toBeCloseTo(0.64, 2);
  });
  it('a zero or empty budget gives no ratio', () => {
    expect(estimateMiniDyi({ ...valid, budget: null }).central.ratio).toBeNull();
  });
});

describe('impact step content', () => {
  it('parses {frameworkId, sroiParams?} and rejects anything else', () => {
    const id = '0b6f0a4e-2f2c-4d0f-9b57-2d9a3f1b7c11';
    expect(parseImpactStepContent(JSON.stringify({ frameworkId: id }))).toEqual({ frameworkId: id });
    expect(parseImpactStepContent('')).toBeNull();
    expect(parseImpactStepContent('{"frameworkId":"x"}')).toBeNull();
  });
});
