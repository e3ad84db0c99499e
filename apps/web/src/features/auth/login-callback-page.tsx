import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { completeSignIn } from '../../lib/session';
import { signInUrl } from '../../lib/sign-in-urls';

/** SPEC 2 "/login-callback": exchange the code, then go to /calls. */
export function LoginCallbackPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss') ?? undefined;
  usePageTitle(t(failed ? 'auth.callbackFailedTitle' : 'auth.signingIn'));

  useEffect(() => {
    if (!code || !state) {
      setFailed(true);
      return;
    }
    completeSignIn({ code, state, ...(iss ? { iss } : {}) }).then(
      () => navigate('/calls', { replace: true }),
      () => setFailed(true),
    );
  }, [code, state, iss, navigate]);

  if (failed) {
    return (
      <Center mih="50vh">
        <Stack maw={520}>
          <Title order={1} size="h2">
            {t('auth.callbackFailedTitle')}
          </Title>
          <Text>{t('auth.callbackFailed')}</Text>
          {/* A sign-in started at another address of the site (localhost against 127.0.0.1) has its
              pending cookie there: started again from here, it completes. */}
          <Text size="sm" c="dimmed">
            {t('auth.callbackFailedAddress', { address: window.location.host })}
          </Text>
          <Stack gap="xs" align="flex-start">
            <Button component="a" href={signInUrl({ language: i18n.language })}>
              {t('auth.signInAgain')}
            </Button>
            <Button component={Link} to="/" variant="default">
              {t('notFound.home')}
            </Button>
          </Stack>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="50vh">
      <Stack align="center">
        <Loader />
        <Text>{t('auth.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
