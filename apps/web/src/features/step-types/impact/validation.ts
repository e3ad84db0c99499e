import {
  DRAFT_GAPS,
  miniDyiProblems as domainMiniDyiProblems,
  IMPACT_ERRORS,
  MINI_DYI_SUB,
  miniDyiAnswerOf,
  miniDyiAnswerProblems,
  type TMiniDyiAnswer,
  type TUserStep,
} from '@impact/domain';
import { createContext } from 'react';

/** Sub-step indices (MINI_DYI_SUB_STEPS): introduction, budget, sdg, outcomes, indicators, customOutcome. */
export const SUB = MINI_DYI_SUB;

export const answerOf = miniDyiAnswerOf;

/** The impact step's rules for Next and Submit live in the step-type registry (packages/domain). */
export function miniDyiProblems(_step: TUserStep, content: string | undefined, subStep?: number): string[] {
  return domainMiniDyiProblems(content, subStep);
}

/** The draft's gaps that wait for Next: a spent amount over the budget is a wrong figure, said at once. */
const WAITING_GAPS: ReadonlySet<string> = new Set(
  [...DRAFT_GAPS].filter((key) => key !== IMPACT_ERRORS.spentOverBudget),
);

/**
 * The problems of one outcome's fields, by path, for showing next to them. What is still to write
 * (a stakeholder, a target, a name: the draft's gaps) only once `gapsShown` (the wizard asked for
 * Next or Submit): ticking an outcome is no mistake yet. A wrong value shows at once.
 */
export function problemsByPath(answer: TMiniDyiAnswer, gapsShown = true): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of miniDyiAnswerProblems(answer)) {
    if (!gapsShown && WAITING_GAPS.has(p.messageKey)) continue;
    if (!map.has(p.path)) map.set(p.path, p.messageKey);
  }
  return map;
}

/** Whether the wizard shows the step's gaps yet (its `problemsShown`), for every part of the step. */
export const GapsShown = createContext(true);
