import { personName, type TStepAuthor } from '@impact/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats';
import { useSession } from '../../lib/session-store';

/**
 * Whether the reader saved it themself (from this tab or another, or another device): said "you",
 * not by their own name as if a teammate's. An author read without an id is never the reader.
 */
export function useSavedByReader(author: TStepAuthor | null | undefined): boolean {
  const session = useSession();
  return Boolean(author?.id) && session.status === 'authenticated' && session.user.id === author?.id;
}

/** The last save of a step as a team sees it: "Saved by Anna Neri at 14:05" (older rows name no one). */
export function SavedBy({ author, at }: { author: TStepAuthor | null | undefined; at: string | undefined }) {
  const { t, i18n } = useTranslation();
  const byYou = useSavedByReader(author);
  if (!author || !at) return null;
  const time = dateFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  return (
    <Text size="xs" c="dimmed" data-testid="saved-by">
      {byYou ? t('applying.savedByYou', { time }) : t('applying.savedBy', { name: personName(author), time })}
    </Text>
  );
}
