import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a page crashes: the user can always get back home. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('errors.pageCrashed.title')}</Title>
        <Text c="dimmed">{t('errors.pageCrashed.text')}</Text>
        <Button component="a" href="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
