import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useOrganization } from '../api/get-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { OrganizationForm } from '../components/organization-form';
import { OrganizationTabs } from '../components/organization-tabs';

/** SPEC 2 "/org/edit/{organizationId}". */
export function EditOrganizationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const query = useOrganization(organizationId);
  const update = useUpdateOrganization();
  usePageTitle(query.data && `${t('organizations.edit.title')} · ${query.data.name}`);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Center mih={200}>
        <Loader aria-label={t('organizations.edit.title')} />
      </Center>
    );
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Stack gap="xs" align="flex-start">
          {t(missing ? 'organizations.edit.notFound' : 'organizations.edit.loadFailed')}
          <Anchor component={Link} to="/org/list">
            {t('organizations.backToList')}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    const organization = query.data;
    body = (
      <OrganizationForm
        key={organization.id}
        organization={organization}
        submitLabel={t('organizations.edit.submit')}
        onSubmit={async (input) => {
          await update.mutateAsync({ ...input, id: organization.id });
          notifications.show({ color: 'teal', message: t('organizations.edit.success') });
          await navigate('/org/list');
        }}
        onCancel={() => void navigate('/org/list')}
      />
    );
  }

  return (
    <Stack maw={820}>
      <Stack gap={4}>
        <Title order={1}>{t('organizations.edit.title')}</Title>
        {query.data && (
          <Text size="lg" c="dimmed">
            {query.data.name}
          </Text>
        )}
      </Stack>
      <OrganizationTabs organizationId={organizationId} current="details" />
      {body}
    </Stack>
  );
}
