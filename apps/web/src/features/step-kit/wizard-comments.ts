import type { ComponentType } from 'react';

/**
 * The team's comments as the wizard places them (features/team/comments gives them, the app
 * composes): a badge beside each step in the menu, a button on the step that opens its comments.
 * The wizard knows no more of comments than these two slots.
 */
export type WizardComments = {
  StepBadge: ComponentType<{ submissionId: string; stepId: string }>;
  StepButton: ComponentType<{
    submissionId: string;
    organizationId: string;
    stepId: string;
    stepName: string;
    readOnly: boolean;
  }>;
};
