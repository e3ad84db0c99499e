import { Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCreateOrganization } from '../api/create-organization';
import { OrganizationForm } from '../components/organization-form';

/** Only paths inside the app: never an open redirect. */
function safeReturnTo(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/org/list';
}

/** SPEC 2 "/register-org". */
export function RegisterOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateOrganization();
  const returnTo = safeReturnTo(params.get('returnTo'));
  return (
    <Stack maw={820}>
      <Title order={1}>{t('organizations.register.title')}</Title>
      <Text c="dimmed">{t('organizations.register.intro')}</Text>
      <OrganizationForm
        submitLabel={t('organizations.register.submit')}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          notifications.show({ color: 'teal', message: t('organizations.register.success') });
          await navigate(returnTo);
        }}
        onCancel={() => {
          // Back where the user came from; straight to the calls when this page was opened directly.
          const cameFromApp = (window.history.state as { idx?: number } | null)?.idx;
          if (params.get('returnTo')) void navigate(returnTo);
          else if (cameFromApp) void navigate(-1);
          else void navigate('/calls');
        }}
      />
    </Stack>
  );
}
