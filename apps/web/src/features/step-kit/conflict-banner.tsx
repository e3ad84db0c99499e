import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A newer answer was saved elsewhere (another tab or device): nothing is overwritten silently. */
export function ConflictBanner({ onLoadNewer, onKeepMine }: { onLoadNewer: () => void; onKeepMine: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('applying.conflict.title')} data-testid="conflict-banner">
      <Text size="sm" mb="sm">
        {t('applying.conflict.text')}
      </Text>
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
