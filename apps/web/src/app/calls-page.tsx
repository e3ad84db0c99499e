import { lazy } from 'react';
import { CallsPage } from '../features/applying/pages/calls-page';
import { UnreadMessagesBadge } from '../features/conversation/components/unread-messages';

// The organization form (date picker, country list) loads only when someone needs to register one.
const RegisterOrganizationDialog = lazy(() =>
  import('../features/organizations/components/register-organization-dialog').then((m) => ({
    default: m.RegisterOrganizationDialog,
  })),
);

/** /calls: the applicant's call list (features/applying), registering an organization on the way (features/organizations), unread messages on the cards (features/conversation). */
export function CallsRoute() {
  return <CallsPage RegisterOrganizationDialog={RegisterOrganizationDialog} UnreadMessages={UnreadMessagesBadge} />;
}
