import { Alert, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepComments } from './api/get-step-comments';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-thread';

export type CommentsPanelProps = {
  submissionId: string;
  organizationId: string;
  stepId: string;
  /** A sent application: its comments are read, not added to. */
  readOnly: boolean;
};

/** The team's comment threads on the current step, and a new comment (issue "Comments on a draft"). */
export function CommentsPanel({ submissionId, organizationId, stepId, readOnly }: CommentsPanelProps) {
  const { t } = useTranslation();
  const comments = useStepComments(submissionId, stepId);
  // One polite region that stays mounted: what an action did is read once, where the focus stays.
  const [notice, setNotice] = useState('');

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('teamComments.intro')}
      </Text>
      <Text role="status" size="sm" c="teal.9" mih={0}>
        {notice}
      </Text>
      {comments.isPending && <Loader size="sm" aria-label={t('teamComments.threads')} />}
      {comments.isError && <Alert color="red">{t('teamComments.loadFailed')}</Alert>}
      {comments.data &&
        (comments.data.threads.length === 0 ? (
          <Text size="sm">{t('teamComments.empty')}</Text>
        ) : (
          <Stack component="section" gap="sm" aria-label={t('teamComments.threads')}>
            {comments.data.threads.map((thread) => (
              <CommentThread
                key={thread.id}
                thread={thread}
                submissionId={submissionId}
                organizationId={organizationId}
                readOnly={readOnly}
                announce={setNotice}
              />
            ))}
          </Stack>
        ))}
      <Divider />
      {readOnly ? (
        <Alert color="gray">{t('teamComments.readOnly')}</Alert>
      ) : (
        <section aria-labelledby="new-comment-title">
          <Title order={3} size="h5" id="new-comment-title" mb="xs">
            {t('teamComments.newThread')}
          </Title>
          <CommentForm submissionId={submissionId} organizationId={organizationId} stepId={stepId} onDone={setNotice} />
        </section>
      )}
    </Stack>
  );
}
