import { Text, VisuallyHidden } from '@mantine/core';
import { diffWordsWithSpace } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readableContent } from './readable-content';

type Props = { older: string; newer: string };

/**
 * What changed between two versions, word by word. Added text is underlined, removed text struck
 * through (not colour alone), and each change is named for screen readers, which read neither.
 */
export function VersionDiff({ older, newer }: Props) {
  const { t } = useTranslation();
  const parts = useMemo(() => diffWordsWithSpace(readableContent(older), readableContent(newer)), [older, newer]);
  if (!parts.some((p) => p.added || p.removed)) return <Text size="sm">{t('team.history.noChanges')}</Text>;
  return (
    <Text
      component="div"
      size="sm"
      data-testid="version-diff"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {parts.map((part, i) => {
        const key = `${i}:${part.added ? '+' : part.removed ? '-' : '='}`;
        if (part.added)
          return (
            <ins key={key} style={{ background: 'var(--mantine-color-green-1)', color: 'var(--mantine-color-black)' }}>
              <VisuallyHidden>{t('team.history.addedStart')}</VisuallyHidden>
              {part.value}
              <VisuallyHidden>{t('team.history.changeEnd')}</VisuallyHidden>
            </ins>
          );
        if (part.removed)
          return (
            <del key={key} style={{ background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-black)' }}>
              <VisuallyHidden>{t('team.history.removedStart')}</VisuallyHidden>
              {part.value}
              <VisuallyHidden>{t('team.history.changeEnd')}</VisuallyHidden>
            </del>
          );
        return <span key={key}>{part.value}</span>;
      })}
    </Text>
  );
}
