import type { TCommentThread } from '@impact/domain';
import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { IconCheck, IconMessageReply, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';
import { problemText } from '../../../lib/problem-text';
import { useResolveStepComment } from './api/resolve-step-comment';
import { CommentBody } from './comment-body';
import { CommentForm } from './comment-form';

type Props = {
  thread: TCommentThread;
  submissionId: string;
  organizationId: string;
  readOnly: boolean;
  /** Says what happened, in the panel's live region. */
  announce: (message: string) => void;
};

/** A thread: its first comment, the replies, and (while the application is a draft) reply and resolve. */
export function CommentThread({ thread, submissionId, organizationId, readOnly, announce }: Props) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveStepComment(submissionId);
  const [replying, setReplying] = useState(false);
  const toggle = () =>
    resolve.mutate(
      { commentId: thread.id, resolved: !thread.resolved },
      {
        onSuccess: () => announce(t(thread.resolved ? 'teamComments.reopenedNotice' : 'teamComments.resolvedNotice')),
        onError: (err) => announce(problemText(t, err)),
      },
    );
  const label = t('teamComments.threadLabel', {
    name: thread.author?.name ?? t('teamComments.formerMember'),
    time: dateFormat(i18n.language, DATE_TIME).format(new Date(thread.createdAt)),
  });

  return (
    <Paper component="article" withBorder p="sm" aria-label={label} bg={thread.resolved ? 'gray.0' : undefined}>
      <Stack gap="sm">
        <CommentBody comment={thread} />
        {thread.resolved && (
          <Badge color="teal" variant="light" w="fit-content">
            {thread.resolvedBy
              ? t('teamComments.resolvedBy', { name: thread.resolvedBy.name })
              : t('teamComments.resolved')}
          </Badge>
        )}
        {thread.replies.length > 0 && (
          <PlainList gap="xs" pl="md" aria-label={t('teamComments.replies')}>
            {thread.replies.map((reply) => (
              <li key={reply.id}>
                <CommentBody comment={reply} />
              </li>
            ))}
          </PlainList>
        )}
        {!readOnly &&
          (replying ? (
            <CommentForm
              submissionId={submissionId}
              organizationId={organizationId}
              stepId={thread.stepId}
              parentId={thread.id}
              onDone={(message) => {
                setReplying(false);
                announce(message);
              }}
              onCancel={() => setReplying(false)}
            />
          ) : (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMessageReply size={14} aria-hidden />}
                onClick={() => setReplying(true)}
              >
                {t('teamComments.reply')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={
                  thread.resolved ? <IconRotate size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />
                }
                loading={resolve.isPending}
                onClick={toggle}
              >
                {t(thread.resolved ? 'teamComments.reopen' : 'teamComments.resolve')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
