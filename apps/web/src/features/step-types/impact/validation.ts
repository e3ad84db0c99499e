import {
  miniDyiProblems as domainMiniDyiProblems,
  MINI_DYI_SUB,
  miniDyiAnswerOf,
  miniDyiAnswerProblems,
  type TMiniDyiAnswer,
  type TUserStep,
} from '@impact/domain';

/** Sub-step indices (MINI_DYI_SUB_STEPS): introduction, budget, sdg, outcomes, indicators, customOutcome. */
export const SUB = MINI_DYI_SUB;

export const answerOf = miniDyiAnswerOf;

/** The impact step's rules for Next and Submit live in the step-type registry (packages/domain). */
export function miniDyiProblems(_step: TUserStep, content: string | undefined, subStep?: number): string[] {
  return domainMiniDyiProblems(content, subStep);
}

/** The problems of one outcome's fields, by path, for showing next to them. */
export function problemsByPath(answer: TMiniDyiAnswer): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of miniDyiAnswerProblems(answer)) if (!map.has(p.path)) map.set(p.path, p.messageKey);
  return map;
}
