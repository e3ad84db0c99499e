import { CallEditorPage } from '../../features/call-builder/pages/call-editor-page';
import { StepEditorsProvider } from '../../features/step-kit/step-type-kit';
import { STEP_EDITORS } from './editors';

/** The call editor, given each step type's content editor (its own route chunk). */
export const CallEditorRoute = () => (
  <StepEditorsProvider types={STEP_EDITORS}>
    <CallEditorPage />
  </StepEditorsProvider>
);
