import { COMMENT_MAX_LENGTH, personName, ZCommentBody } from '@impact/domain';
import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useMembers } from '../../../lib/api/get-members';
import { problemText } from '../../../lib/problem-text';
import { useSession } from '../../../lib/session-store';
import { useKeptText } from '../../../lib/use-kept-text';
import { useAddStepComment } from './api/add-step-comment';

type Props = {
  submissionId: string;
  organizationId: string;
  stepId: string;
  /** The thread a reply names; absent for a new thread. */
  parentId?: string;
  onDone: (message: string) => void;
  onCancel?: () => void;
};

/** A comment or a reply, with the members to mention picked from the organization's team. */
export function CommentForm({ submissionId, organizationId, stepId, parentId, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const add = useAddStepComment(submissionId);
  const members = useMembers(organizationId);
  // What is typed survives closing the panel or moving to another step and back.
  const [body, setBody, forgetSent] = useKeptText(`comment.${submissionId}.${stepId}.${parentId ?? 'new'}`);
  const [mentions, setMentions] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  // A reply's form opens on a click of Reply: the keyboard lands in its field.
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (parentId) field.current?.focus();
  }, [parentId]);
  const session = useSession();
  const selfId = session.status === 'authenticated' ? session.user.id : null;
  // The writer is not offered: mentioning oneself only mails oneself.
  const options = (members.data ?? [])
    .filter((m) => m.userId !== selfId)
    .map((m) => ({ value: m.userId, label: personName(m) || m.email }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The server's own rule first: the same message without a round trip.
    if (!ZCommentBody.safeParse(body).success) {
      setError(t(body.trim() ? 'errors.field.tooBig' : 'errors.comments.empty', { maximum: COMMENT_MAX_LENGTH }));
      return;
    }
    setError(null);
    // The promise settles even once the panel is closed: a comment sent is never offered again as unsent.
    add.mutateAsync({ submissionId, stepId, body, mentions, ...(parentId ? { parentId } : {}) }).then(
      () => {
        forgetSent(body);
        setMentions([]);
        onDone(t('teamComments.added'));
      },
      (err: unknown) => setError(problemText(t, err)),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <GrowingTextarea
          ref={field}
          label={t(parentId ? 'teamComments.replyBody' : 'teamComments.body')}
          minRows={parentId ? 2 : 3}
          maxRows={12}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={error}
          description={t('teamComments.length', { length: body.length, max: COMMENT_MAX_LENGTH })}
          required
        />
        <MultiSelect
          label={t('teamComments.mentions')}
          description={t('teamComments.mentionsHint')}
          data={options}
          value={mentions}
          onChange={setMentions}
          searchable
          clearable
        />
        <Group gap="xs">
          <Button type="submit" size="sm" loading={add.isPending}>
            {t(parentId ? 'teamComments.sendReply' : 'teamComments.send')}
          </Button>
          {onCancel && (
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                // Cancelled on purpose: the reply is not kept for next time.
                setBody('');
                onCancel();
              }}
            >
              {t('teamComments.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
