import type { TStepResult, TUserStep } from '@impact/domain';
import type { ComponentType } from 'react';
import type { StepProps } from './step-props';

/**
 * What the wizard (features/applying) asks of the step types: the web registry's lookups
 * (features/step-types) and what the thank-you page shows of the answers. The wizard imports no
 * step type itself; app/wizard-page.tsx hands it these.
 */
export type WizardStepTypes = {
  /** The type's component, and its way to show its own errors when Next was refused; none for a type this version does not know. */
  webStepType(
    name: string | null | undefined,
  ): { Step: ComponentType<StepProps>; reveal?: (step: TUserStep) => void } | undefined;
  /** Fetches the components of the types these steps use, ahead of time. */
  preloadStepTypes(steps: readonly TUserStep[]): void;
  /** What keeps Next from leaving the step's sub-step, as translation keys. */
  stepProblems(step: TUserStep, content: string | undefined, subStep?: number): string[];
  /** Whether the step's page holds typing it could not save (a figure that does not read as one), lost if the page is left. */
  typingHeld(step: TUserStep): boolean;
  /** Which steps the menu ticks as done. */
  stepsDone(steps: readonly TUserStep[], contentOf: (step: TUserStep) => string | undefined): boolean[];
  /** What the thank-you page shows of the answers once the application is sent. */
  ClosingSummary: ComponentType<{ submissionId: string; steps: TUserStep[]; results: TStepResult[] }>;
};
