import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { signInUrl } from './sign-in-urls';

/** Logged out: Login and Register, both through the identity provider (SPEC 2). */
export function SessionButtons() {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component="a" href={signInUrl({ language: i18n.language })} variant="default">
        {t('auth.login')}
      </Button>
      <Button component="a" href={signInUrl({ register: true, language: i18n.language })}>
        {t('auth.register')}
      </Button>
    </Group>
  );
}
