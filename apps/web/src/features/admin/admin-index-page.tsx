import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC 2 admin index. Its tabs arrive with the call builder. */
export function AdminIndexPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1}>{t('admin.title')}</Title>
      <Text c="dimmed">{t('admin.intro')}</Text>
    </Stack>
  );
}
