import { Badge, Button, Drawer } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../api/conversation';
import { ConversationPanel } from './conversation-panel';

/**
 * The one insertion of the conversation in the application's page (the applicant's wizard and the
 * admin's read-only view): a button with the unread count that opens the messages in a drawer.
 */
export function ConversationButton({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const messages = useMessages(submissionId);
  // Someone who may not read it (a reviewer) is given nothing to open.
  if (messages.isError) return null;
  const unread = messages.data?.unread ?? 0;
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconMail size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        rightSection={
          unread > 0 ? (
            <Badge size="sm" color="red" circle aria-hidden>
              {unread}
            </Badge>
          ) : undefined
        }
        aria-label={unread > 0 ? t('conversation.openUnread', { count: unread }) : t('conversation.open')}
      >
        {t('conversation.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="lg"
        title={t('conversation.title')}
        closeButtonProps={{ 'aria-label': t('conversation.close') }}
      >
        {opened && <ConversationPanel submissionId={submissionId} />}
      </Drawer>
    </>
  );
}
