import { Badge, VisuallyHidden } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DrawerButton } from '../../../components/drawer-button';
import { useMessages } from '../api/conversation';
import { ConversationPanel } from './conversation-panel';

/**
 * The one insertion of the conversation in the application's page (the applicant's wizard and the
 * admin's read-only view): a button with the unread count that opens the messages in a drawer.
 */
export function ConversationButton({
  submissionId,
  report = false,
}: {
  submissionId: string;
  /** A grant's report: its messages are about the report, not the application. */
  report?: boolean;
}) {
  const { t } = useTranslation();
  const messages = useMessages(submissionId);
  // Someone who may not read it (a reviewer) is given nothing to open: the messages never came. A
  // failed refresh (the poll on a flaky connection) keeps the button, and an open conversation with
  // what is being written in it.
  if (messages.isError && !messages.data) return null;
  const unread = messages.data?.unread ?? 0;
  return (
    <DrawerButton
      label={t('conversation.open')}
      icon={<IconMail size={16} aria-hidden />}
      rightSection={
        unread > 0 ? (
          // The count is part of the button's name as it is seen (an aria-label saying it otherwise
          // failed axe's label-content-name-mismatch); the words after it for screen readers only.
          <Badge size="sm" color="red" circle>
            {unread}
            <VisuallyHidden> {t('conversation.unreadAfterCount', { count: unread })}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      title={t(report ? 'conversation.titleReport' : 'conversation.title')}
      closeLabel={t('conversation.close')}
    >
      {() => <ConversationPanel submissionId={submissionId} report={report} />}
    </DrawerButton>
  );
}
