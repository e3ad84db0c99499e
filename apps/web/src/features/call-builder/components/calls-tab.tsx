import { callStatus, parseServerDate, type TCallListItem } from '@impact/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPencil, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listedCallName, useCallList } from '../../../lib/api/get-call-list';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { useDeleteCall } from '../api/delete-call';
import { errorMessage, formatDateTime } from './labels';
import { NewCallDialog } from './new-call-dialog';

function StatusBadge({ call }: { call: TCallListItem }) {
  const { t } = useTranslation();
  const status = callStatus(call);
  // A draft is not shown to applicants whatever its dates: say so first.
  if (call.draft) {
    return (
      <Badge color="orange" variant="light">
        {t('callDraft.badge')}
      </Badge>
    );
  }
  const upcoming = status === 'closed' && new Date(call.openingAt).getTime() > Date.now();
  return (
    <Badge color={status === 'open' ? 'teal' : upcoming ? 'blue' : 'gray'} variant="light">
      {upcoming ? t('callDraft.upcoming') : t(`callBuilder.status.${status}`)}
    </Badge>
  );
}

/** Admin index, calls tab (SPEC 2): every call with status, dates and actions. */
export function CallsTab() {
  const { t, i18n } = useTranslation();
  const list = useCallList();
  const deleteCall = useDeleteCall();
  const [showClosed, setShowClosed] = useState(true);

  const [creating, setCreating] = useState(false);

  const onDelete = (call: TCallListItem) =>
    openConfirmDialog({
      title: t('callBuilder.delete.title'),
      children: <Text size="sm">{t('callBuilder.delete.text', { name: listedCallName(call, i18n.language) })}</Text>,
      labels: { confirm: t('callBuilder.delete.confirm'), cancel: t('callBuilder.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteCall.mutate(call.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('callBuilder.notifications.callDeleted') }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: t('callBuilder.notifications.deleteError'),
              message: errorMessage(t, error),
              autoClose: 10_000,
            }),
        }),
    });

  const calls = (list.data ?? []).filter((c) => showClosed || callStatus(c) === 'open');

  return (
    <Stack gap="md">
      <NewCallDialog opened={creating} onClose={() => setCreating(false)} />
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('callBuilder.list.title')}</Title>
        <Group gap="sm">
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconSettings size={16} />}>
                {t('callBuilder.list.more')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to="/admin/calls/create/type">
                {t('callBuilder.list.newCallType')}
              </Menu.Item>
              <Menu.Item component={Link} to="/admin/steps">
                {t('callBuilder.list.stepTypes')}
              </Menu.Item>
              <Menu.Item component={Link} to="/admin/survey/createType">
                {t('surveys.menu.newSurveyType')}
              </Menu.Item>
              <Menu.Item component={Link} to="/admin/survey/creator">
                {t('surveys.menu.creator')}
              </Menu.Item>
              <Menu.Item component={Link} to="/admin/calls/create/survey">
                {t('surveys.menu.surveyCall')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('callBuilder.list.newCall')}
          </Button>
        </Group>
      </Group>
      <Switch
        checked={showClosed}
        onChange={(e) => setShowClosed(e.currentTarget.checked)}
        label={t('callBuilder.list.showClosed')}
      />
      {list.isPending ? (
        <Loader aria-label={t('callBuilder.loading')} />
      ) : list.isError ? (
        <Alert color="red">{errorMessage(t, list.error)}</Alert>
      ) : calls.length === 0 ? (
        <Text c="dimmed">{list.data.length === 0 ? t('callBuilder.list.empty') : t('callBuilder.list.noneOpen')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('callBuilder.list.name')}</Table.Th>
                <Table.Th>{t('callBuilder.list.status')}</Table.Th>
                <Table.Th>{t('callBuilder.list.openingAt')}</Table.Th>
                <Table.Th>{t('callBuilder.list.closingAt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('callBuilder.list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.map((call) => {
                const name = listedCallName(call, i18n.language);
                return (
                  <Table.Tr key={call.id} data-testid="call-row">
                    <Table.Td>
                      <Text component={Link} to={`/admin/calls/${call.id}`} fw={600} c="inherit" td="none">
                        {name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge call={call} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(parseServerDate(call.openingAt), i18n.language)}</Table.Td>
                    <Table.Td>{formatDateTime(parseServerDate(call.closingAt), i18n.language)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('callBuilder.list.edit')}>
                          <ActionIcon
                            component={Link}
                            to={`/admin/calls/${call.id}`}
                            variant="subtle"
                            aria-label={`${t('labelled', { label: t('callBuilder.list.edit') })} ${name}`}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('callBuilder.list.quickEdit')}>
                          <ActionIcon
                            component={Link}
                            to={`/admin/calls/edit/call/${call.id}`}
                            variant="subtle"
                            aria-label={`${t('labelled', { label: t('callBuilder.list.quickEdit') })} ${name}`}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('callBuilder.list.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => onDelete(call)}
                            aria-label={`${t('labelled', { label: t('callBuilder.list.delete') })} ${name}`}
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
