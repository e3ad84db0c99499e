import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/api/get-config';

/** SPEC 2 "/calls". The list of calls arrives with the applying feature; until then, an honest empty state. */
export function CallsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <Stack>
      <Title order={1}>{config.listName || t('calls.title')}</Title>
      <Text c="dimmed">{t('calls.empty')}</Text>
    </Stack>
  );
}
