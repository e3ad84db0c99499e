import {
  EMPTY_MINI_DYI,
  IMPACT_ERRORS,
  miniDyiAnswerProblems,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  type TImpactStepContent,
  type TMiniDyiAnswer,
  ZImpactStepContent,
  ZMiniDyiAnswer,
} from '../impact';
import { sameContent, type TContentCheck, type TStepTypeDefinition } from './definition';
import { parseJsonObject } from './json';

/** SPEC 2: the impact step's six sub-steps, in order. */
export const MINI_DYI_SUB_STEPS = ['introduction', 'budget', 'sdg', 'outcomes', 'indicators', 'customOutcome'] as const;

/** Sub-step indices of MINI_DYI_SUB_STEPS. */
export const MINI_DYI_SUB = { introduction: 0, budget: 1, sdg: 2, outcomes: 3, indicators: 4, custom: 5 } as const;

export function miniDyiAnswerOf(content: string | undefined): TMiniDyiAnswer {
  return parseMiniDyiAnswer(content) ?? EMPTY_MINI_DYI;
}

/** The sub-step where a problem of the answer is fixed. */
function subStepOf(answer: TMiniDyiAnswer, path: string, messageKey: string): number {
  if (path === 'budget' || path === 'budgetSpent') return MINI_DYI_SUB.budget;
  if (path === 'sdg') return MINI_DYI_SUB.sdg;
  if (messageKey === IMPACT_ERRORS.tooManyCustomOutcomes) return MINI_DYI_SUB.custom;
  const m = /^selectedOutcomes\.(\d+)(?:\.(.*))?$/.exec(path);
  if (!m) return MINI_DYI_SUB.outcomes;
  const outcome = answer.selectedOutcomes[Number(m[1])];
  if (outcome?.customKey !== null && outcome?.customKey !== undefined) return MINI_DYI_SUB.custom;
  // SPEC 5: the stakeholder check runs at sub-steps 4 and 5 (indices 3 and 4).
  if (m[2]?.startsWith('indicators')) return MINI_DYI_SUB.indicators;
  return MINI_DYI_SUB.outcomes;
}

/**
 * What keeps Next from leaving the given sub-step of an impact step (the problems of this and the
 * earlier sub-steps), or, without a sub-step, the whole step from being submitted. Translation keys.
 */
export function miniDyiProblems(content: string | undefined, subStep?: number): string[] {
  const answer = miniDyiAnswerOf(content);
  const whole = subStep === undefined;
  const problems = miniDyiAnswerProblems(answer, { complete: whole });
  const keys = problems
    // More spent than the budget is said on its field but holds only Submit: with the budget
    // taken from a budget step not filled in yet, the investment is 0 for now.
    .filter((p) => whole || p.messageKey !== IMPACT_ERRORS.spentOverBudget)
    .filter((p) => whole || subStepOf(answer, p.path, p.messageKey) <= subStep)
    .map((p) => p.messageKey);
  if (!whole && subStep >= MINI_DYI_SUB.budget && answer.budget === null) keys.push(IMPACT_ERRORS.budgetRequired);
  return [...new Set(keys)];
}

/** The impact design (SPEC 2, 5): six sub-steps; the server stores its SROI estimate as the score. */
export const miniDyiStepType: TStepTypeDefinition<'miniDyi'> = {
  name: 'miniDyi',
  subSteps: MINI_DYI_SUB_STEPS,
  hiddenInPicker: false,
  defaultContent: '',
  // The framework the applicant picks from, and the SROI parameters: without a framework the step
  // would offer nothing to choose.
  parseContent: (content): TContentCheck<TImpactStepContent> => {
    const parsed = parseImpactStepContent(content);
    if (parsed) return { ok: true, value: parsed };
    // The framework is named when it is what is missing; SROI parameters out of bounds are not.
    const frameworkId = parseJsonObject(content)?.frameworkId;
    return ZImpactStepContent.shape.frameworkId.safeParse(frameworkId).success
      ? { ok: false, issues: [{ path: 'sroiParams' }] }
      : { ok: false, issues: [{ path: 'frameworkId', messageKey: 'errors.calls.impactFrameworkRequired' }] };
  },
  answerSchema: ZMiniDyiAnswer,
  serverKeptAnswer: false,
  answerProblems: (_step, content, subStep) => miniDyiProblems(content, subStep),
  applicantContent: sameContent,
  scored: true,
};
