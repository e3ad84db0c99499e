import { STEP_TYPES, type TStep } from '@impact/domain';

/** Whether a step is an impact-actuals step (its forecast endpoint checks it). */
export const isImpactActualsStep = (step: TStep) => step.stepType?.name === STEP_TYPES.impactActuals.name;
