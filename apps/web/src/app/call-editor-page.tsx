import { lazy } from 'react';
import { CustomFileTab } from '../features/admin-files/components/custom-file-tab';
import { CallEditorPage } from '../features/call-builder/pages/call-editor-page';
import { GrantsTab } from '../features/grants/components/grants-tab';
import { RemindersTab } from '../features/reminders/components/reminders-tab';
import { ReviewTab } from '../features/review/components/review-tab';
import { ReportChangeRequest } from './report-change-request';

// Loaded when a survey or quiz step is opened, not with the call editor.
const SurveyBuilder = lazy(() =>
  import('../features/surveys/builder/components/survey-builder').then((m) => ({ default: m.SurveyBuilder })),
);

// The screener tab with the builder and its condition pickers, loaded when the tab is opened.
const ScreenerTab = lazy(() =>
  Promise.all([
    import('../features/screening/components/screener-tab'),
    import('../features/surveys/builder/components/survey-builder'),
    import('../features/surveys/builder/components/condition-picker'),
  ]).then(([tab, builder, picker]) => ({
    default: ({ callId }: { callId: string }) => (
      <tab.ScreenerTab callId={callId} SurveyBuilder={builder.SurveyBuilder} ConditionPicker={picker.ConditionPicker} />
    ),
  })),
);

/** The grants tab with the change-requests feature's dialog for the grants' reports. */
function GrantsTabWithRequests({ callId }: { callId: string }) {
  return <GrantsTab callId={callId} RequestChanges={ReportChangeRequest} />;
}

/**
 * /admin/calls/:callId: the call editor (features/call-builder) with the custom-file, reminders,
 * review, grants and screener tabs and the survey builder of their features.
 */
export function CallEditorRoute() {
  return (
    <CallEditorPage
      CustomFileTab={CustomFileTab}
      ReviewTab={ReviewTab}
      GrantsTab={GrantsTabWithRequests}
      RemindersTab={RemindersTab}
      SurveyBuilder={SurveyBuilder}
      ScreenerTab={ScreenerTab}
    />
  );
}
