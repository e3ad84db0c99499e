import { SubmissionPage } from '../features/applying/pages/submission-page';
import type { WizardStepTypes } from '../features/step-kit/wizard-step-types';
import { preloadStepTypes, stepProblems, stepsDone, webStepType } from '../features/step-types';
import { ClosingSummary } from '../features/step-types/closing-summary';
import { StepHistoryButton } from '../features/team/history/step-history-button';

const stepTypes: WizardStepTypes = { webStepType, preloadStepTypes, stepProblems, stepsDone, ClosingSummary };

/**
 * /call/:submissionId/*: the applicant's wizard (features/applying) with the step types
 * (features/step-types) and each step's version history (features/team).
 */
export function WizardPage() {
  return <SubmissionPage stepTypes={stepTypes} StepHistory={StepHistoryButton} />;
}
