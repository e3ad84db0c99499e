import { JOB_STATES, JOBS_PAGE_SIZE, type TJob } from '@impact/domain';
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateFormat } from '../../../lib/date-formats';
import { usePageTitle } from '../../../lib/page-title';
import { problemText } from '../../../lib/problem-text';
import { useJobs } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';

const STATE_COLORS: Record<TJob['state'], string> = {
  queued: 'gray',
  active: 'blue',
  completed: 'green',
  failed: 'red',
};

/** /admin/jobs: the background jobs (decision 0040), their state and errors; a failed one runs again. */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('jobs.title'));
  const [state, setState] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const jobs = useJobs({
    state: (state ?? undefined) as TJob['state'] | undefined,
    name: name ?? undefined,
    page,
    pageSize: JOBS_PAGE_SIZE,
  });
  const retry = useRetryJob();
  const [retried, setRetried] = useState<string | null>(null);
  const when = (value: string | null) =>
    value ? dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(value)) : '—';
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / jobs.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('jobs.title')}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{t('jobs.title')}</Title>
        <Text c="dimmed">{t('jobs.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
        <Select
          label={t('jobs.filters.state')}
          placeholder={t('jobs.filters.any')}
          data={JOB_STATES.map((s) => ({ value: s, label: t(`jobs.states.${s}`) }))}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          clearable
        />
        <Select
          label={t('jobs.filters.name')}
          placeholder={t('jobs.filters.any')}
          data={jobs.data?.names ?? []}
          value={name}
          onChange={(v) => {
            setName(v);
            setPage(1);
          }}
          clearable
          searchable
        />
      </SimpleGrid>
      {retry.isError ? (
        <Alert color="red" role="alert">
          {problemText(t, retry.error)}
        </Alert>
      ) : retried ? (
        <Alert color="green" role="status">
          {t('jobs.retried', { name: retried })}
        </Alert>
      ) : null}
      {jobs.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('jobs.loading')} />
        </Center>
      ) : jobs.isError ? (
        <Text c="red">{t('errors.unexpected')}</Text>
      ) : jobs.data.items.length === 0 ? (
        <Text c="dimmed">{t('jobs.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('jobs.count', { count: jobs.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="xs" data-testid="jobs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('jobs.columns.name')}</Table.Th>
                  <Table.Th>{t('jobs.columns.state')}</Table.Th>
                  <Table.Th>{t('jobs.columns.created')}</Table.Th>
                  <Table.Th>{t('jobs.columns.started')}</Table.Th>
                  <Table.Th>{t('jobs.columns.completed')}</Table.Th>
                  <Table.Th>{t('jobs.columns.attempts')}</Table.Th>
                  <Table.Th>{t('jobs.columns.error')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('jobs.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((job) => (
                  <Table.Tr key={job.id} data-testid="job-row" data-state={job.state}>
                    <Table.Td>
                      <Code>{job.name}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLORS[job.state]} variant="light">
                        {t(`jobs.states.${job.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(job.createdAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(job.startedAt)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(job.completedAt)}</Table.Td>
                    <Table.Td>{t('jobs.attempts', { attempts: job.attempts, max: job.maxAttempts })}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={job.error ? 'red.8' : undefined} style={{ wordBreak: 'break-word' }}>
                        {job.error ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {job.state === 'failed' ? (
                        <Button
                          size="xs"
                          variant="light"
                          loading={retry.isPending && retry.variables === job.id}
                          aria-label={t('jobs.retryLabel', { name: job.name, when: when(job.createdAt) })}
                          onClick={() =>
                            retry.mutate(job.id, {
                              onSuccess: () => setRetried(job.name),
                              onError: () => setRetried(null),
                            })
                          }
                        >
                          {t('jobs.retry')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} aria-label={t('jobs.pages')} />
          </Group>
        </>
      )}
    </Stack>
  );
}
