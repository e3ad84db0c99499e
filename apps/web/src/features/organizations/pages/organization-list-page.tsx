import { roleAllows, type TOrganization } from '@impact/domain';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBuilding, IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganizations } from '../../../lib/api/get-organizations';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { countryName } from '../../../lib/countries';
import { dateFormat } from '../../../lib/date-formats';
import { useSelectedOrganizationId } from '../../../lib/selected-organization';
import { useDeleteOrganization } from '../api/delete-organization';

function formatDate(date: string, language: string) {
  return dateFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

function OrganizationCard({
  organization,
  selected,
  onDelete,
}: {
  organization: TOrganization;
  selected: boolean;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const o = organization;
  const manages = roleAllows(o.role, 'manage');
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`org-${o.id}`} data-organization-id={o.id}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="xs">
            <Title order={2} size="h4" id={`org-${o.id}`}>
              <bdi>{o.name}</bdi>
            </Title>
            {selected && (
              <Badge variant="light" color="teal">
                {t('organizations.list.selected')}
              </Badge>
            )}
            <Badge variant="outline" color="gray.8">
              {t(`organizations.roles.${o.role}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t('labelled', { label: t('organizations.list.regNumber') })} <bdi>{o.reg_number}</bdi>
            {o.date_of_foundation &&
              ` · ${t('organizations.list.founded', { date: formatDate(o.date_of_foundation, i18n.language) })}`}
          </Text>
          <Text size="sm">
            {/* Each user-written field is isolated, so a bidi control character cannot flip the rest. */}
            <bdi>{o.street_name}</bdi>, <bdi>{o.city_name}</bdi>, {countryName(o.country, i18n.language)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('labelled', { label: t('organizations.list.contact') })} <bdi>{o.contact_name}</bdi>{' '}
            <bdi>{o.contact_surname}</bdi> (<bdi>{o.contact_role}</bdi>) · <bdi>{o.contact_email}</bdi>
          </Text>
        </Stack>
        <Group gap="xs">
          {/* Only owners may change or delete the organization (the server says so too). */}
          {manages && (
            <Button
              component={Link}
              to={`/org/edit/${o.id}`}
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
              aria-label={t('organizations.list.editAria', { name: o.name })}
            >
              {t('organizations.list.edit')}
            </Button>
          )}
          <Button
            component={Link}
            to={`/org/members/${o.id}`}
            variant="light"
            leftSection={<IconUsers size={16} aria-hidden />}
            aria-label={t('organizations.list.membersAria', { name: o.name })}
          >
            {t('organizations.list.members')}
          </Button>
          {manages && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              aria-label={t('organizations.list.deleteAria', { name: o.name })}
              onClick={onDelete}
            >
              {t('organizations.list.delete')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** SPEC 2 "/org/list": the user's organizations, with edit and delete (after confirmation). */
export function OrganizationListPage() {
  const { t } = useTranslation();
  const query = useOrganizations();
  const selectedId = useSelectedOrganizationId();
  const remove = useDeleteOrganization();
  const [deletionError, setDeletionError] = useState<string | null>(null);

  const confirmDelete = (organization: TOrganization) =>
    openConfirmDialog({
      title: t('organizations.delete.title'),
      children: <Text size="sm">{t('organizations.delete.text', { name: organization.name })}</Text>,
      labels: { confirm: t('organizations.delete.confirm'), cancel: t('organizations.delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setDeletionError(null);
        remove.mutate(organization.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('organizations.delete.success') }),
          // SPEC 8: the alert 'message-error-deletion', with the reason when the server gives one.
          onError: (error) =>
            setDeletionError(
              error instanceof ApiError && error.problem.messageKey !== 'errors.internal'
                ? t(error.problem.messageKey)
                : t('errors.unexpected'),
            ),
        });
      },
    });

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Center mih={160}>
        <Loader aria-label={t('organizations.list.title')} />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between">
          {t('organizations.list.loadFailed')}
          <Button variant="white" color="red" size="xs" onClick={() => void query.refetch()}>
            {t('organizations.list.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm">
          <IconBuilding size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text>{t('organizations.list.empty')}</Text>
          <Button component={Link} to="/register-org" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('organizations.list.add')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        {query.data.map((o) => (
          <OrganizationCard
            key={o.id}
            organization={o}
            selected={o.id === selectedId}
            onDelete={() => confirmDelete(o)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('organizations.list.title')}</Title>
          <Text c="dimmed">{t('organizations.list.intro')}</Text>
        </Stack>
        {query.data && query.data.length > 0 && (
          <Button component={Link} to="/register-org" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('organizations.list.add')}
          </Button>
        )}
      </Group>
      {deletionError && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('organizations.message-error-deletion')}
          role="alert"
          withCloseButton
          closeButtonLabel={t('organizations.close')}
          onClose={() => setDeletionError(null)}
        >
          {deletionError}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
