import { SubmissionPage } from '../../features/applying/pages/submission-page';
import { WizardStepTypesProvider } from '../../features/step-kit/step-type-kit';
import { WIZARD_STEP_TYPES } from './wizard';

/** The wizard, given the wizard's layer of the step-type registry (its own route chunk). */
export const WizardRoute = () => (
  <WizardStepTypesProvider types={WIZARD_STEP_TYPES}>
    <SubmissionPage />
  </WizardStepTypesProvider>
);
