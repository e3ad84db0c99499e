import { lazy } from 'react';
import { CustomFileTab } from '../features/admin-files/components/custom-file-tab';
import { CallEditorPage } from '../features/call-builder/pages/call-editor-page';
import { RemindersTab } from '../features/reminders/components/reminders-tab';
import { ReviewTab } from '../features/review/components/review-tab';

// Loaded when a survey or quiz step is opened, not with the call editor.
const SurveyBuilder = lazy(() =>
  import('../features/surveys/builder/components/survey-builder').then((m) => ({ default: m.SurveyBuilder })),
);

/** /admin/calls/:callId: the call editor (features/call-builder) with the custom-file, reminders and review tabs and the survey builder of their features. */
export function CallEditorRoute() {
  return (
    <CallEditorPage
      CustomFileTab={CustomFileTab}
      ReviewTab={ReviewTab}
      RemindersTab={RemindersTab}
      SurveyBuilder={SurveyBuilder}
    />
  );
}
