import { formatBytes } from '@impact/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { dateFormat } from '../../../lib/date-formats';
import { useAdminFileLimits, useAdminFiles } from '../api/admin-files';
import { useDeleteAdminFile } from '../api/delete-admin-file';
import { downloadAdminFile } from '../api/download';
import { AdminFileUploadButton } from '../components/admin-file-upload-button';

/** /admin/file-upload (SPEC 2): files administrators share (a call's custom file is one of them). */
export function FileUploadPage() {
  const { t, i18n } = useTranslation();
  const files = useAdminFiles();
  const limits = useAdminFileLimits();
  const remove = useDeleteAdminFile();
  const max = formatBytes(limits.data?.maxBytes ?? 5 * 1024 * 1024);

  const confirmDelete = (id: string, name: string) =>
    openConfirmDialog({
      title: t('adminFiles.delete.title'),
      children: <Text size="sm">{t('adminFiles.delete.text', { name })}</Text>,
      labels: { confirm: t('adminFiles.delete.confirm'), cancel: t('adminFiles.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('adminFiles.deleted') }),
          onError: (e) =>
            notifications.show({
              color: 'red',
              title: t('adminFiles.deleteError'),
              message: e instanceof ApiError ? t(e.problem.messageKey) : t('errors.unexpected'),
            }),
        }),
    });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('adminFiles.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('adminFiles.title')}</Title>
          <Text c="dimmed">{t('adminFiles.intro', { value: max.value, unit: t(`units.${max.unit}`) })}</Text>
        </Stack>
        <AdminFileUploadButton />
      </Group>
      {files.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('adminFiles.loading')} />
        </Center>
      ) : files.isError ? (
        <Text c="red">{t('errors.unexpected')}</Text>
      ) : files.data.length === 0 ? (
        <Text c="dimmed">{t('adminFiles.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" data-testid="admin-file-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminFiles.fileName')}</Table.Th>
                <Table.Th>{t('adminFiles.size')}</Table.Th>
                <Table.Th>{t('adminFiles.createdAt')}</Table.Th>
                <Table.Th>{t('adminFiles.usedBy')}</Table.Th>
                <Table.Th>{t('adminFiles.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.data.map((f) => {
                const size = formatBytes(f.size);
                return (
                  <Table.Tr key={f.id}>
                    <Table.Td fw={500}>{f.fileName}</Table.Td>
                    <Table.Td>{`${size.value} ${t(`units.${size.unit}`)}`}</Table.Td>
                    <Table.Td>
                      {dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
                        new Date(f.createdAt),
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {f.usedByCalls.length === 0
                          ? '—'
                          : f.usedByCalls.map((c) => (
                              <Badge
                                key={c.id}
                                variant="light"
                                component={Link}
                                to={`/admin/calls/${c.id}`}
                                style={{ cursor: 'pointer' }}
                              >
                                {c.name}
                              </Badge>
                            ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('adminFiles.download')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t('labelled', { label: t('adminFiles.download') })} ${f.fileName}`}
                            onClick={() => void downloadAdminFile(f.id, f.fileName)}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip
                          label={f.usedByCalls.length ? t('errors.adminFiles.inUse') : t('adminFiles.delete.confirm')}
                        >
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={f.usedByCalls.length > 0}
                            aria-label={`${t('labelled', { label: t('adminFiles.delete.confirm') })} ${f.fileName}`}
                            onClick={() => confirmDelete(f.id, f.fileName)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
