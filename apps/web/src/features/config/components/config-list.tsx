import type { TConfig } from '@impact/domain';
import { ActionIcon, Badge, Button, Center, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { useActivateConfig } from '../api/activate-config';
import { useDeleteConfig } from '../api/delete-config';
import { useConfigList } from '../api/get-config-list';

function problemText(t: (k: string) => string, error: unknown) {
  return error instanceof ApiError ? t(error.problem.messageKey) : t('errors.unexpected');
}

/** Every branding configuration; one is active (SPEC 4), the others are drafts to activate. */
export function ConfigList() {
  const { t } = useTranslation();
  const list = useConfigList();
  const activate = useActivateConfig();
  const remove = useDeleteConfig();

  const confirmActivate = (config: TConfig) =>
    openConfirmDialog({
      title: t('customize.activate.title'),
      children: <Text size="sm">{t('customize.activate.text', { name: config.name })}</Text>,
      labels: { confirm: t('customize.activate.confirm'), cancel: t('customize.cancel') },
      onConfirm: () =>
        activate.mutate(config.id, {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: t('customize.activated', { name: config.name }) }),
          onError: (e) =>
            notifications.show({ color: 'red', title: t('customize.errorSaving'), message: problemText(t, e) }),
        }),
    });
  const confirmDelete = (config: TConfig) =>
    openConfirmDialog({
      title: t('customize.delete.title'),
      children: <Text size="sm">{t('customize.delete.text', { name: config.name })}</Text>,
      labels: { confirm: t('customize.delete.confirm'), cancel: t('customize.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(config.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('customize.deleted') }),
          onError: (e) =>
            notifications.show({ color: 'red', title: t('customize.deleteError'), message: problemText(t, e) }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" maw={640}>
          {t('customize.intro')}
        </Text>
        <Button component={Link} to="/admin/customize/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('customize.new')}
        </Button>
      </Group>
      {list.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('customize.loading')} />
        </Center>
      ) : list.isError ? (
        <Text c="red">{problemText(t, list.error)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" data-testid="config-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customize.fields.logo')}</Table.Th>
                <Table.Th>{t('customize.fields.name')}</Table.Th>
                <Table.Th>{t('customize.fields.description')}</Table.Th>
                <Table.Th>{t('customize.status')}</Table.Th>
                <Table.Th>{t('customize.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((config) => (
                <Table.Tr key={config.id} data-testid="config-row">
                  <Table.Td>
                    <BrandLogo config={config} scale={0.7} />
                  </Table.Td>
                  <Table.Td fw={600}>{config.name}</Table.Td>
                  <Table.Td>{config.description || '—'}</Table.Td>
                  <Table.Td>
                    {config.isActive ? (
                      <Badge color="teal" variant="light">
                        {t('customize.active')}
                      </Badge>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconCircleCheck size={14} aria-hidden />}
                        onClick={() => confirmActivate(config)}
                        loading={activate.isPending && activate.variables === config.id}
                      >
                        {t('customize.activate.button')}
                      </Button>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('customize.edit')}>
                        <ActionIcon
                          variant="subtle"
                          component={Link}
                          to={`/admin/customize/${config.id}`}
                          aria-label={`${t('labelled', { label: t('customize.edit') })} ${config.name}`}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip
                        label={config.isActive ? t('customize.delete.activeHint') : t('customize.delete.confirm')}
                      >
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={config.isActive}
                          onClick={() => confirmDelete(config)}
                          aria-label={`${t('labelled', { label: t('customize.delete.confirm') })} ${config.name}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
