import type { TStepHistory } from '@impact/domain';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionDiff } from './version-diff';
import { VersionList } from './version-list';

type Props = {
  history: TStepHistory;
  /** Restores a version (after the reader confirmed); the caller says how it went. */
  onRestore: (version: number) => Promise<void>;
};

/** A step's history: its versions, a comparison of two of them, and restoring one after a confirmation. */
export function StepHistoryPanel({ history, onRestore }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const [asked, setAsked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A third choice replaces the older of the two kept.
  const toggle = (version: number) =>
    setSelected((s) => (s.includes(version) ? s.filter((v) => v !== version) : [...s, version].slice(-2)));
  const [older, newer] = [...selected].sort((a, b) => a - b).map((n) => history.versions.find((v) => v.version === n));
  const confirm = async () => {
    if (asked === null) return;
    setBusy(true);
    try {
      await onRestore(asked);
    } finally {
      setBusy(false);
      setAsked(null);
    }
  };

  if (history.versions.length === 0) return <Text size="sm">{t('team.history.empty')}</Text>;
  return (
    <Stack gap="md">
      <VersionList history={history} selected={selected} onToggle={toggle} onRestore={setAsked} />
      <section aria-labelledby="history-compare-title">
        <Title order={3} size="h5" id="history-compare-title" mb="xs">
          {older && newer
            ? t('team.history.compareTitle', { older: older.version, newer: newer.version })
            : t('team.history.compare')}
        </Title>
        {older && newer ? (
          <VersionDiff older={older.content} newer={newer.content} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('team.history.compareHint')}
          </Text>
        )}
      </section>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('team.history.confirmTitle', { version: asked ?? 0 })}
      >
        <Text size="sm">{t('team.history.confirmText')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsked(null)} disabled={busy}>
            {t('team.history.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={busy}>
            {t('team.history.confirmRestore')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
