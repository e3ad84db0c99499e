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
  /**
   * The application's other steps and their current answers, for a step whose figures come from
   * another's (the impact step's investment is the budget's total cost; decision 0041).
   */
  steps?: readonly TUserStep[];
  contentOf?: (step: TUserStep) => string | undefined;
  /** Takes the applicant to another step of the wizard (by its index in `steps`). */
  goToStep?: (index: number) => void;
  /**
   * The wizard is showing this step's problems (Next or Submit found some): a step marks the
   * fields they are about, so a person sees which one to fill, not only what is wrong.
   */
  problemsShown?: boolean;
};
