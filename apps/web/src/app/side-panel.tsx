import { OrganizationSidePanel } from '../features/organizations/components/organization-side-panel';
import { ReviewerPanelPrompt } from '../features/review/components/reviewer-panel-prompt';

/** The layout's side panel: the organizations', where a reviewer without organizations is pointed to their reviews. */
export function SidePanel() {
  return <OrganizationSidePanel NoOrganizationPrompt={ReviewerPanelPrompt} />;
}
