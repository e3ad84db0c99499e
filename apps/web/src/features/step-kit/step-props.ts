import type { TStepResult, TUserStep } from '@impact/domain';

/** What the wizard gives every step component (text, upload, impact). */
export type StepProps = {
  step: TUserStep;
  submissionId: string;
  result: TStepResult | undefined;
  readOnly: boolean;
  /** The wizard's sub-step (only the impact step has more than one). */
  subStep: number;
  /** The step's current content, so the wizard can block Next while it is not valid. */
  onContent: (content: string) => void;
  /** The step's way to save pending typing before the wizard moves on. */
  registerFlush: (flush: () => Promise<boolean>) => void;
};
