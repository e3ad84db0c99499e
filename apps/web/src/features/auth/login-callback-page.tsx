import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { completeSignIn } from '../../lib/session';

/** SPEC 2 "/login-callback": exchange the code, then go to /calls. */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const code = params.get('code');
  const state = params.get('state');
  const iss = params.get('iss') ?? undefined;

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
        <Stack maw={480}>
          <Alert color="red" title={t('auth.callbackFailedTitle')}>
            {t('auth.callbackFailed')}
          </Alert>
          <Button component={Link} to="/">
            {t('notFound.home')}
          </Button>
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
