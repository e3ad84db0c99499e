import { CustomFileTab } from '../features/admin-files/components/custom-file-tab';
import { CallEditorPage } from '../features/call-builder/pages/call-editor-page';
import { ReviewTab } from '../features/review/components/review-tab';

/** /admin/calls/:callId: the call editor (features/call-builder) with the custom-file and review tabs of their features. */
export function CallEditorRoute() {
  return <CallEditorPage CustomFileTab={CustomFileTab} ReviewTab={ReviewTab} />;
}
