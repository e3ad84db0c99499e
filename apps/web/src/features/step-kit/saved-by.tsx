import { personName, type TStepAuthor } from '@impact/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats';
import { useSession } from '../../lib/session-store';

/** The last save of a step as a team sees it: "Saved by Anna Neri at 14:05" (older rows name no one). */
export function SavedBy({ author, at }: { author: TStepAuthor | null | undefined; at: string | undefined }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  if (!author || !at) return null;
  const time = dateFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(at));
  // The reader's own save says so, as the conflict banner does, not by their own name.
  const byYou = Boolean(author.id) && session.status === 'authenticated' && session.user.id === author.id;
  return (
    <Text size="xs" c="dimmed" data-testid="saved-by">
      {byYou ? t('applying.savedByYou', { time }) : t('applying.savedBy', { name: personName(author), time })}
    </Text>
  );
}
