import { subStepCountOf } from './step-types';

/**
 * SPEC 4 "Wizard position": [step, sub-step]. Next walks the sub-steps of a step (the impact step
 * has six), then the next step; Previous lands on the last sub-step of the preceding step; the
 * closing page sits at the index equal to the number of steps.
 */

export type TWizardPosition = { step: number; subStep: number };
type StepLike = { stepTypeName: string };

export function subStepCount(step: StepLike | undefined): number {
  return subStepCountOf(step?.stepTypeName);
}

/** Any position coming from a URL is brought back inside the wizard. */
export function clampPosition(position: TWizardPosition, steps: readonly StepLike[]): TWizardPosition {
  const step = Math.min(Math.max(0, Math.trunc(position.step) || 0), steps.length);
  if (step === steps.length) return { step, subStep: 0 };
  const subStep = Math.min(Math.max(0, Math.trunc(position.subStep) || 0), subStepCount(steps[step]) - 1);
  return { step, subStep };
}

export function nextPosition(position: TWizardPosition, steps: readonly StepLike[]): TWizardPosition {
  const { step, subStep } = clampPosition(position, steps);
  if (step >= steps.length) return { step, subStep: 0 };
  if (subStep < subStepCount(steps[step]) - 1) return { step, subStep: subStep + 1 };
  return { step: step + 1, subStep: 0 };
}

export function previousPosition(position: TWizardPosition, steps: readonly StepLike[]): TWizardPosition {
  const { step, subStep } = clampPosition(position, steps);
  if (subStep > 0) return { step, subStep: subStep - 1 };
  if (step === 0) return { step: 0, subStep: 0 };
  return { step: step - 1, subStep: subStepCount(steps[step - 1]) - 1 };
}

/** The last sub-step of the last step: where Submit replaces Next. */
export function isLastPosition(position: TWizardPosition, steps: readonly StepLike[]): boolean {
  const last = steps.length - 1;
  return last >= 0 && position.step === last && position.subStep === subStepCount(steps[last]) - 1;
}

export function isClosingPage(position: TWizardPosition, steps: readonly StepLike[]): boolean {
  return position.step >= steps.length;
}
