import type { TMiniDyiAnswer, TUserStep } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { miniDyiProblems } from './validation';

const step = { id: 's', stepType: { name: 'miniDyi' } } as TUserStep;
const outcome = {
  outcomeId: 'o1',
  sdg: 8,
  outcomeName: 'Lavoro',
  stakeholderId: '',
  stakeholderName: '',
  customKey: null,
  indicators: [],
};
const answer = (over: Partial<TMiniDyiAnswer>) =>
  JSON.stringify({ budget: 1000, budgetSpent: null, sdg: [8], selectedOutcomes: [], ...over });

describe('wizard validation of the impact step (SPEC 5)', () => {
  it('the introduction never blocks; the budget sub-step needs a budget ≥ 0', () => {
    expect(miniDyiProblems(step, undefined, 0)).toEqual([]);
    expect(miniDyiProblems(step, undefined, 1)).toEqual(['errors.impact.budgetRequired']);
    expect(miniDyiProblems(step, answer({ budget: -5 }), 1)).toEqual(['errors.impact.negativeNumber']);
  });
  it('a missing stakeholder blocks at sub-steps 4 and 5 (indices 3 and 4), not before', () => {
    const content = answer({ selectedOutcomes: [outcome] });
    expect(miniDyiProblems(step, content, 2)).toEqual([]);
    expect(miniDyiProblems(step, content, 3)).toEqual(['errors.impact.stakeholderMissing']);
    expect(miniDyiProblems(step, content, 4)).toEqual(['errors.impact.stakeholderMissing']);
  });
  it('a checked indicator without a target blocks the indicators sub-step', () => {
    const ind = {
      indicatorId: 'i',
      indicatorName: 'n',
      indicatorTargetValue: null,
      proxyId: '',
      proxyName: '',
      proxyValue: 3,
    };
    const content = answer({ selectedOutcomes: [{ ...outcome, stakeholderId: 's1', indicators: [ind] }] });
    expect(miniDyiProblems(step, content, 3)).toEqual([]);
    expect(miniDyiProblems(step, content, 4)).toEqual(['errors.impact.targetRequired']);
  });
  it('submitting needs everything, including an outcome', () => {
    expect(miniDyiProblems(step, answer({}))).toEqual(['errors.impact.outcomesRequired']);
  });
});
