import {
  EMPTY_MINI_DYI,
  IMPACT_ERRORS,
  miniDyiAnswerProblems,
  parseMiniDyiAnswer,
  type TMiniDyiAnswer,
  type TStep,
} from '@impact/domain';

/** Sub-step indices (MINI_DYI_SUB_STEPS): introduction, budget, sdg, outcomes, indicators, customOutcome. */
export const SUB = { introduction: 0, budget: 1, sdg: 2, outcomes: 3, indicators: 4, custom: 5 } as const;

/** The sub-step where a problem of the answer is fixed. */
function subStepOf(answer: TMiniDyiAnswer, path: string, messageKey: string): number {
  if (path === 'budget' || path === 'budgetSpent') return SUB.budget;
  if (path === 'sdg') return SUB.sdg;
  if (messageKey === IMPACT_ERRORS.tooManyCustomOutcomes) return SUB.custom;
  const m = /^selectedOutcomes\.(\d+)(?:\.(.*))?$/.exec(path);
  if (!m) return SUB.outcomes;
  const outcome = answer.selectedOutcomes[Number(m[1])];
  if (outcome?.customKey !== null && outcome?.customKey !== undefined) return SUB.custom;
  // SPEC 5: the stakeholder check runs at sub-steps 4 and 5 (indices 3 and 4).
  if (m[2]?.startsWith('indicators')) return SUB.indicators;
  return SUB.outcomes;
}

export function answerOf(content: string | undefined): TMiniDyiAnswer {
  return parseMiniDyiAnswer(content) ?? EMPTY_MINI_DYI;
}

/**
 * What keeps Next from leaving the given sub-step of an impact step (the problems of this and the
 * earlier sub-steps), or, without a sub-step, the whole step from being submitted. Translation keys.
 */
export function miniDyiProblems(_step: TStep, content: string | undefined, subStep?: number): string[] {
  const answer = answerOf(content);
  const whole = subStep === undefined;
  const problems = miniDyiAnswerProblems(answer, { complete: whole });
  const keys = problems
    .filter((p) => whole || subStepOf(answer, p.path, p.messageKey) <= subStep)
    .map((p) => p.messageKey);
  if (!whole && subStep >= SUB.budget && answer.budget === null) keys.push(IMPACT_ERRORS.budgetRequired);
  return [...new Set(keys)];
}

/** The problems of one outcome's fields, by path, for showing next to them. */
export function problemsByPath(answer: TMiniDyiAnswer): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of miniDyiAnswerProblems(answer)) if (!map.has(p.path)) map.set(p.path, p.messageKey);
  return map;
}
