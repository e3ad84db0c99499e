import { ApplicantHistoryPanel } from '../features/applicant-history/applicant-history-panel';
import { SubmissionPage } from '../features/applying/pages/submission-page';
import { ChangeRequestsPanel } from '../features/change-requests/components/change-requests-panel';
import { ConversationButton } from '../features/conversation/components/conversation-button';
import type { WizardStepTypes } from '../features/step-kit/wizard-step-types';
import { preloadStepTypes, stepProblems, stepsDone, typingHeld, webStepType } from '../features/step-types';
import { ClosingSummary } from '../features/step-types/closing-summary';
import { teamComments } from '../features/team/comments/wizard-comments';
import { StepHistoryButton } from '../features/team/history/step-history-button';
import { PresenceBar } from '../features/team/presence/presence-bar';

const stepTypes: WizardStepTypes = {
  webStepType,
  preloadStepTypes,
  stepProblems,
  typingHeld,
  stepsDone,
  ClosingSummary,
};

/**
 * /call/:submissionId/*: the applicant's wizard (features/applying) with the step types
 * (features/step-types), the team's comments (features/team/comments), each step's version
 * history (features/team/history), the conversation with the funder (features/conversation) and
 * the requests for changes (features/change-requests), and for an administrator the applicant's
 * history (features/applicant-history).
 */
export function WizardPage() {
  return (
    <SubmissionPage
      stepTypes={stepTypes}
      comments={teamComments}
      StepHistory={StepHistoryButton}
      Presence={PresenceBar}
      Conversation={ConversationButton}
      ChangeRequests={ChangeRequestsPanel}
      ApplicantHistory={ApplicantHistoryPanel}
    />
  );
}
