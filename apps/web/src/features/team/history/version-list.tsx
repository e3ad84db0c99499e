import { personName, type TStepHistory } from '@impact/domain';
import { Badge, Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list';
import { DATE_TIME, dateFormat } from '../../../lib/date-formats';

type Props = {
  history: TStepHistory;
  /** The versions chosen for comparison (at most two). */
  selected: number[];
  onToggle: (version: number) => void;
  onRestore: (version: number) => void;
};

/**
 * The step's versions, newest first, with each Submit placed where it happened as a milestone.
 * Each version has a checkbox to compare it and, for those who may, a button to restore it.
 */
export function VersionList({ history, selected, onToggle, onRestore }: Props) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => dateFormat(i18n.language, DATE_TIME).format(new Date(iso));
  const name = (p: { firstName: string; lastName: string } | null) =>
    (p && personName(p)) || t('team.history.unknownAuthor');
  const entries = [
    ...history.versions.map((v) => ({ at: v.savedAt, version: v, milestone: null })),
    ...history.milestones.map((m) => ({ at: m.closedAt, version: null, milestone: m })),
  ].sort((a, b) => b.at.localeCompare(a.at) || Number(a.version !== null) - Number(b.version !== null));

  return (
    <PlainList gap="xs" aria-label={t('team.history.listLabel')}>
      {entries.map(({ version: v, milestone: m }) =>
        v ? (
          <Paper component="li" key={`v${v.version}`} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Checkbox
                checked={selected.includes(v.version)}
                onChange={() => onToggle(v.version)}
                label={t('team.history.versionLabel', { version: v.version })}
                description={
                  <>
                    <bdi>{name(v.author)}</bdi> · <time dateTime={v.savedAt}>{when(v.savedAt)}</time>
                  </>
                }
              />
              {history.canRestore && v.version !== history.currentVersion && (
                <Button size="xs" variant="light" onClick={() => onRestore(v.version)}>
                  {/* The version in the visible words too: a voice command says what it sees. */}
                  {t('team.history.restoreVersion', { version: v.version })}
                </Button>
              )}
            </Group>
            <Group gap={4} mt={4}>
              {v.version === history.currentVersion && <Badge variant="light">{t('team.history.current')}</Badge>}
              {v.restoredFrom !== null && (
                <Badge variant="light" color="gray">
                  {t('team.history.restoredFrom', { version: v.restoredFrom })}
                </Badge>
              )}
            </Group>
          </Paper>
        ) : m ? (
          <Paper component="li" key={`m${m.closedAt}`} p="xs" bg="var(--mantine-color-teal-light)">
            <Group gap="xs" wrap="nowrap">
              <IconFlag size={16} aria-hidden />
              <Text size="sm">
                {t(m.version === null ? 'team.history.submittedEmpty' : 'team.history.submitted', {
                  version: m.version,
                  name: name(m.closedBy),
                  when: when(m.closedAt),
                })}
              </Text>
            </Group>
          </Paper>
        ) : null,
      )}
    </PlainList>
  );
}
