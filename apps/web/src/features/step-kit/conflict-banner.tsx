import { personName, type TStepResult } from '@impact/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats';
import { useSavedByReader } from './saved-by';

type Props = {
  onLoadNewer: () => void;
  onKeepMine: () => void;
  /** The version that won, when it could be read: names who saved it and when. */
  newer?: TStepResult | null;
  /** Both texts side by side (a text answer's simple merge view): yours and theirs. */
  compare?: { mine: string; theirs: string };
};

/** A newer answer was saved elsewhere (another tab, device or team member): nothing is overwritten silently. */
export function ConflictBanner({ onLoadNewer, onKeepMine, newer, compare }: Props) {
  const { t, i18n } = useTranslation();
  const by = newer?.updatedBy;
  const byYou = useSavedByReader(by);
  const time = newer
    ? dateFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(newer.updatedAt))
    : '';
  return (
    <Alert color="orange" title={t('applying.conflict.title')} data-testid="conflict-banner">
      <Text size="sm" mb="sm">
        {byYou
          ? t('applying.conflict.textYou', { time })
          : by
            ? t('applying.conflict.textBy', { name: personName(by), time })
            : t('applying.conflict.text')}
      </Text>
      {compare && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="sm" data-testid="conflict-compare">
          <Version label={t('applying.conflict.mine')} text={compare.mine} />
          <Version
            label={byYou ? t('applying.conflict.yoursElsewhere') : by ? personName(by) : t('applying.conflict.theirs')}
            text={compare.theirs}
          />
        </SimpleGrid>
      )}
      <Group>
        <Button size="xs" onClick={onLoadNewer}>
          {t('applying.conflict.loadNewer')}
        </Button>
        <Button size="xs" variant="default" onClick={onKeepMine}>
          {t('applying.conflict.keepMine')}
        </Button>
      </Group>
    </Alert>
  );
}

function Version({ label, text }: { label: string; text: string }) {
  return (
    <Paper withBorder p="xs" component="figure" m={0}>
      <Text size="xs" fw={600} component="figcaption">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Paper>
  );
}
