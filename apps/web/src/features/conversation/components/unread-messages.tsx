import { Badge } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSelectedOrganizationId } from '../../../lib/selected-organization';
import { useUnreadCounts } from '../api/conversation';

/** On an applicant's call card: how many of the funder's messages on this application are unread (nothing when none). */
export function UnreadMessagesBadge({ submissionId }: { submissionId: string }) {
  const organizationId = useSelectedOrganizationId();
  const counts = useUnreadCounts({ organizationId });
  return <UnreadBadge unread={counts.data?.find((c) => c.submissionId === submissionId)?.unread ?? 0} />;
}

/** In the admin's submissions list: the applicants' unread messages on this application (one query for every row). */
export function AdminUnreadMessagesBadge({ submissionId }: { submissionId: string }) {
  const counts = useUnreadCounts({ everyCall: true });
  return <UnreadBadge unread={counts.data?.find((c) => c.submissionId === submissionId)?.unread ?? 0} />;
}

function UnreadBadge({ unread }: { unread: number }) {
  const { t } = useTranslation();
  if (!unread) return null;
  return (
    <Badge color="red" variant="light" leftSection={<IconMail size={14} aria-hidden />} data-testid="unread-messages">
      {t('conversation.unread', { count: unread })}
    </Badge>
  );
}
