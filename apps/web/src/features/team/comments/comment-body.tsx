import type { TStepComment } from '@impact/domain';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';

/** One comment: who, when, the words (plain text, line breaks kept) and whom it names. */
export function CommentBody({ comment }: { comment: TStepComment }) {
  const { t, i18n } = useTranslation();
  const author = comment.author?.name ?? t('teamComments.formerMember');
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {author}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
          {dateFormat(i18n.language, DATE_TIME).format(new Date(comment.createdAt))}
        </Text>
      </Group>
      {comment.body ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {t('teamComments.removedComment')}
        </Text>
      )}
      {comment.mentions.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('teamComments.mentioned', { names: comment.mentions.map((m) => m.name).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
