import type { WizardComments } from '../../step-kit/wizard-comments';
import { StepCommentBadge } from './step-comment-badge';
import { StepCommentsButton } from './step-comments-button';

/** What app/wizard-page.tsx hands the wizard: the step menu's badge and the step's comments button. */
export const teamComments: WizardComments = { StepBadge: StepCommentBadge, StepButton: StepCommentsButton };
