import { MESSAGE_FILES_MAX, MESSAGE_MAX_LENGTH, type TMessage } from '@impact/domain';
import { Alert, Button, FileInput, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { ApiError } from '../../../lib/api-client';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';
import { problemText } from '../../../lib/problem-text';
import { refocusIfLost } from '../../../lib/refocus-if-lost';
import { useKeptText } from '../../../lib/use-kept-text';
import { downloadMessageFile, useMarkRead, useMessages, useSendMessage } from '../api/conversation';

/** The messages, oldest first, and the form to write one; opening it marks everything read. */
export function ConversationPanel({ submissionId, report = false }: { submissionId: string; report?: boolean }) {
  const { t } = useTranslation();
  const messages = useMessages(submissionId);
  const { mutate: mark } = useMarkRead(submissionId);
  const unread = messages.data?.unread ?? 0;
  // Once per opening of the panel (and per new unread count), never again after a failure: a
  // failing mark must not become a loop of requests.
  const markedFor = useRef(-1);
  useEffect(() => {
    if (unread > 0 && markedFor.current !== unread) {
      markedFor.current = unread;
      mark();
    }
  }, [unread, mark]);
  if (messages.isPending) return <Loader aria-label={t('conversation.loading')} />;
  if (messages.isError) return <Alert color="red">{problemText(t, messages.error)}</Alert>;
  const { side, messages: list, canWrite, grantClosed } = messages.data;
  const intro = side === 'applicant' ? 'conversation.introApplicant' : 'conversation.introFunder';
  return (
    <Stack>
      {/* "Write to …" is no invitation where nothing can be written any more. */}
      {!grantClosed && <Text size="sm">{t(report ? `${intro}Report` : intro)}</Text>}
      {list.length === 0 ? (
        <Text size="sm">{t('conversation.empty')}</Text>
      ) : (
        <PlainList ordered gap="sm" aria-label={t('conversation.list')}>
          {list.map((m) => (
            <MessageItem key={m.id} message={m} readerSide={side} />
          ))}
        </PlainList>
      )}
      {canWrite ? (
        <MessageForm submissionId={submissionId} />
      ) : (
        <Text size="sm">{t(grantClosed ? 'conversation.grantClosed' : 'conversation.readOnly')}</Text>
      )}
    </Stack>
  );
}

/**
 * One message, its author named with their side: the funder's, the applicant organization's, or
 * (read by the applicant) the reader's own organization, so a name alone never leaves a doubt.
 */
function MessageItem({ message, readerSide }: { message: TMessage; readerSide: TMessage['side'] }) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, DATE_TIME).format(new Date(message.createdAt));
  const sideLabel = t(
    message.side === 'funder'
      ? 'conversation.funder'
      : readerSide === 'applicant'
        ? 'conversation.yourOrganization'
        : 'conversation.team',
  );
  const who = message.mine ? t('conversation.you') : message.authorName || sideLabel;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      bg={message.mine ? 'var(--mantine-color-gray-0)' : undefined}
      ml={message.mine ? 'xl' : 0}
      mr={message.mine ? 0 : 'xl'}
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          {who}
          {!message.mine && message.authorName && ` · ${sideLabel}`}
        </Text>
        <Text size="xs" c="gray.7">
          {when}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Text>
      {message.files.length > 0 && (
        <Group gap="xs" mt={4}>
          {message.files.map((file) => (
            <Button
              key={file.id}
              size="compact-sm"
              variant="light"
              leftSection={<IconPaperclip size={14} aria-hidden />}
              onClick={() => void downloadMessageFile(file.id, file.fileName)}
            >
              {file.fileName}
            </Button>
          ))}
        </Group>
      )}
    </Paper>
  );
}

function MessageForm({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(submissionId);
  // What is typed survives closing the drawer (files must be chosen again).
  const [text, setText, forgetSent] = useKeptText(`message.${submissionId}`);
  const [files, setFiles] = useState<File[]>([]);
  const [said, setSaid] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // A refused attachment (its type, size or number: the server names `files` or `files.N`) is said
  // on the file field, not on the text.
  const fileProblem =
    send.error instanceof ApiError &&
    (send.error.problem.errors ?? []).some((e) => e.path === 'files' || e.path.startsWith('files.'));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim() && !files.length) return;
    // The last message's "sent" is not this one's: said again only once this one is stored.
    setSaid('');
    // The promise settles even once the drawer is closed (a mutation's own callbacks would not run):
    // a message sent is never offered again as unsent. A failure is shown on the field.
    // The button is disabled while it sends and stays so once the box is empty: the focus goes back
    // to the box (ready for the next message, or where a refusal is said), not behind the drawer.
    send.mutateAsync({ text, files }).then(
      () => {
        forgetSent(text);
        setFiles([]);
        setSaid(t('conversation.sent'));
        refocusIfLost(() => box.current);
      },
      () => refocusIfLost(() => box.current),
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          ref={box}
          label={t('conversation.write')}
          // Counted as it is written; at the limit the field takes no more (a longer paste is cut), and says so.
          description={`${t('conversation.writeHint')} · ${t(
            text.length >= MESSAGE_MAX_LENGTH ? 'conversation.counterFull' : 'conversation.counter',
            { count: text.length, max: MESSAGE_MAX_LENGTH },
          )}`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          error={send.isError && !fileProblem ? problemText(t, send.error) : undefined}
        />
        <FileInput
          label={t('conversation.attach')}
          description={t('conversation.attachHint', { maximum: MESSAGE_FILES_MAX })}
          placeholder={t('conversation.attachNone')}
          multiple
          clearable
          leftSection={<IconPaperclip size={16} aria-hidden />}
          accept=".pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.gif,.webp"
          value={files}
          onChange={(chosen) => setFiles(chosen.slice(0, MESSAGE_FILES_MAX))}
          error={fileProblem ? problemText(t, send.error) : undefined}
        />
        <Group>
          <Button type="submit" loading={send.isPending} disabled={!text.trim() && !files.length}>
            {t('conversation.send')}
          </Button>
        </Group>
        {/* Said to screen readers once the message is stored. */}
        <Text size="sm" role="status" aria-live="polite">
          {said}
        </Text>
      </Stack>
    </form>
  );
}
