import { GrantPage } from '../features/grants/pages/grant-page';
import { ReportChangeRequest } from './report-change-request';

/** /grants/:grantId: the grant page (features/grants) with the change-requests feature's dialog for its reports. */
export function GrantRoute() {
  return <GrantPage RequestChanges={ReportChangeRequest} />;
}
