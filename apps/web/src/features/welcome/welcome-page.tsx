import { configTextsIn, DEFAULT_LANGUAGE, isLanguage } from '@impact/domain';
import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { useConfig } from '../../lib/api/get-config';
import { useSession } from '../../lib/session-store';
import { signInUrl } from '../../lib/sign-in-urls';

/** SPEC 2 "/": configurable logo, name and message, with Login and Register. */
export function WelcomePage() {
  const config = useConfig();
  const { t, i18n } = useTranslation();
  const { message } = configTextsIn(config, isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
  const session = useSession();
  // SPEC 2: a signed-in user is redirected to /calls.
  if (session.status === 'authenticated') return <Navigate to="/calls" replace />;
  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} w="100%">
        <Stack align="center" gap="lg" ta="center">
          <BrandLogo config={config} scale={config.logoBase64 ? 1 : 1.6} />
          <Title order={1}>{t('welcome.title', { name: config.name })}</Title>
          {message && (
            <Text size="lg" c="dimmed" data-testid="welcome-message">
              {message}
            </Text>
          )}
          <Text>{t('welcome.intro')}</Text>
          <Group justify="center">
            <Button size="md" component="a" href={signInUrl({ language: i18n.language })} variant="default">
              {t('auth.login')}
            </Button>
            <Button size="md" component="a" href={signInUrl({ register: true, language: i18n.language })}>
              {t('auth.register')}
            </Button>
          </Group>
          {/* The public list needs no account: read what is open before signing up. */}
          <Anchor href={`/p/calls?lang=${i18n.language}`}>{t('welcome.publicCalls')}</Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
