import type { ComponentType } from 'react';

/**
 * What the wizard (features/applying) hands a step's history panel (features/team, given by
 * app/wizard-page.tsx): which step, how to save the typing first, and how to show the restored answer.
 */
export type StepHistoryProps = {
  submissionId: string;
  stepId: string;
  stepName: string;
  /** Saves what is typed; false when it could not be (a restore would then lose it). */
  beforeRestore: () => Promise<boolean>;
  /** Reloads the step's stored answer after a restore. */
  onRestored: () => Promise<void>;
};

export type StepHistoryComponent = ComponentType<StepHistoryProps>;
