import {
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  parseImpactStepContent,
  parseMiniDyiAnswer,
  STEP_TYPES,
} from '@impact/domain';
import { impactContentWithBudget } from './budget-link';
import { checkImpactAnswer, impactAnswerMissing } from './mini-dyi-answer';
import { impactColumns, impactDesign } from './mini-dyi-record';
import { keepContent, type ServerStepType } from './types';

const shared = STEP_TYPES.miniDyi;

/** The impact design: the impact module's rules; the score is the central SROI estimate. */
export const miniDyiServerType: ServerStepType<'miniDyi'> = {
  name: shared.name,
  async write(db, step, written, ctx) {
    // With a budget step in the call, the investment is its total cost, not what was typed.
    return checkImpactAnswer(db, step, await impactContentWithBudget(db, step.id, written, ctx));
  },
  missing: (db, step, content) => impactAnswerMissing(db, step, content),
  prepareContent: keepContent,
  // SPEC 3 "Score range result": the low and high SROI scenarios of the submitted design.
  results(step, content) {
    const answer = parseMiniDyiAnswer(content);
    if (!answer) return null;
    const estimate = estimateMiniDyi(answer, parseImpactStepContent(step.content)?.sroiParams ?? DEFAULT_SROI_PARAMS);
    return {
      scoreRange: {
        stepId: step.id,
        stepName: step.name,
        lowerScore: estimate.low.ratio,
        upperScore: estimate.high.ratio,
      },
    };
  },
  exportColumns: impactColumns,
  feedsImpactFigures: true,
  recordParts(step, answer) {
    const design = impactDesign(step, answer);
    return design ? { miniDyi: design } : {};
  },
};

/** Whether a step is an impact step (the impact module's own endpoints check it). */
export const isImpactStepType = (name: string | null | undefined) => name === shared.name;
