import { type TCreatedWebhookEndpoint, type TWebhookEvent, WEBHOOK_EVENTS } from '@impact/domain';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { openConfirmDialog } from '../../../lib/confirm-dialog';
import { dateFormat } from '../../../lib/date-formats';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliver,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

const STATUS_COLOR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

/** /admin/webhooks: endpoints that receive signed events, their secret shown once, their delivery log. */
export function WebhooksPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('webhooks.title'));
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>(['submission.submitted']);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreatedWebhookEndpoint | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const when = (iso: string) =>
    dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setUrlError(null);
    create.mutate(
      { url, description, events },
      {
        onSuccess: (endpoint) => {
          setCreated(endpoint);
          setUrl('');
          setDescription('');
        },
        onError: (err) => setUrlError(problemText(t, err)),
      },
    );
  };
  const confirmDelete = (id: string, target: string) =>
    openConfirmDialog({
      title: t('webhooks.delete.title'),
      children: <Text size="sm">{t('webhooks.delete.text', { url: target })}</Text>,
      labels: { confirm: t('webhooks.delete.confirm'), cancel: t('webhooks.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => {
            if (shown === id) setShown(null);
            notifications.show({ color: 'teal', message: t('webhooks.deleted') });
          },
          onError: (err) => notifications.show({ color: 'red', message: problemText(t, err) }),
        }),
    });

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('webhooks.title')}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{t('webhooks.title')}</Title>
        <Text c="dimmed">{t('webhooks.intro')}</Text>
      </Stack>

      <Paper withBorder p="md" component="section" aria-labelledby="webhook-new">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h3" id="webhook-new">
              {t('webhooks.new')}
            </Title>
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHint')}
              type="url"
              required
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={urlError}
            />
            <TextInput
              label={t('webhooks.description')}
              value={description}
              maxLength={200}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Checkbox.Group
              label={t('webhooks.events')}
              description={t('webhooks.eventsHint')}
              value={events}
              onChange={(v) => setEvents(v as TWebhookEvent[])}
              required
            >
              <Stack gap={6} mt={6}>
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={
                      <>
                        <Code>{event}</Code> {t(`webhooks.event.${event}`)}
                      </>
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending} disabled={!events.length}>
                {t('webhooks.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      {created && (
        <Alert color="teal" title={t('webhooks.secretTitle')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('webhooks.secretOnce', { url: created.url })}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code style={{ wordBreak: 'break-all' }}>{created.secret}</Code>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('webhooks.copied') : t('webhooks.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group>
              <Button size="xs" variant="default" onClick={() => setCreated(null)}>
                {t('webhooks.secretDone')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Stack gap="sm" component="section" aria-labelledby="webhook-list">
        <Title order={2} size="h3" id="webhook-list">
          {t('webhooks.list')}
        </Title>
        {endpoints.isPending ? (
          <Loader aria-label={t('webhooks.loading')} />
        ) : !endpoints.data?.length ? (
          <Text c="dimmed">{t('webhooks.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.url')}</Table.Th>
                  <Table.Th>{t('webhooks.events')}</Table.Th>
                  <Table.Th>{t('webhooks.state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('webhooks.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoints.data.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {e.url}
                      </Text>
                      {e.description && (
                        <Text size="xs" c="dimmed">
                          {e.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.events.join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{t('webhooks.counts', { pending: e.pending, failed: e.failed })}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setShown(shown === e.id ? null : e.id)}>
                          {shown === e.id ? t('webhooks.hideLog') : t('webhooks.showLog')}
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => confirmDelete(e.id, e.url)}>
                          {t('webhooks.delete.button')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {shown && (
        <DeliveryLog endpointId={shown} url={endpoints.data?.find((e) => e.id === shown)?.url ?? ''} when={when} />
      )}
    </Stack>
  );
}

function DeliveryLog({ endpointId, url, when }: { endpointId: string; url: string; when: (iso: string) => string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const resend = useRedeliver();
  const pages = deliveries.data ? Math.max(1, Math.ceil(deliveries.data.total / deliveries.data.pageSize)) : 1;
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhook-log">
      <Title order={2} size="h3" id="webhook-log">
        {t('webhooks.log', { url })}
      </Title>
      {deliveries.isPending ? (
        <Loader aria-label={t('webhooks.loading')} />
      ) : !deliveries.data?.items.length ? (
        <Text c="dimmed">{t('webhooks.noDeliveries')}</Text>
      ) : (
        <ScrollTable label={t('webhooks.log', { url })} minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.event.title')}</Table.Th>
                <Table.Th>{t('webhooks.state')}</Table.Th>
                <Table.Th>{t('webhooks.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.lastAttempt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('webhooks.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.items.map((d) => {
                const last = d.attempts.at(-1);
                return (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Code>{d.eventType}</Code>
                      <Text size="xs" c="dimmed">
                        {when(d.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[d.status]} variant="light">
                        {t(`webhooks.status.${d.status}`)}
                      </Badge>
                      {d.nextAttemptAt && (
                        <Text size="xs" c="dimmed">
                          {t('webhooks.nextAttempt', { at: when(d.nextAttemptAt) })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{d.attempts.length}</Table.Td>
                    <Table.Td>
                      {last ? (
                        <Text size="xs">
                          {t('webhooks.attemptLine', {
                            at: when(last.at),
                            status: last.statusCode ?? '—',
                            ms: last.responseMs ?? 0,
                          })}
                          {last.error && (
                            <>
                              <br />
                              {last.error}
                            </>
                          )}
                        </Text>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      {d.status !== 'pending' && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={resend.isPending && resend.variables === d.id}
                          onClick={() =>
                            resend.mutate(d.id, {
                              onSuccess: () => notifications.show({ color: 'teal', message: t('webhooks.resent') }),
                              onError: (err) => notifications.show({ color: 'red', message: problemText(t, err) }),
                            })
                          }
                        >
                          {t('webhooks.resend')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={t('webhooks.page')} />}
    </Stack>
  );
}
