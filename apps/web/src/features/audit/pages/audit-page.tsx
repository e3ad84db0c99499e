import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from '@impact/domain';
import {
  Anchor,
  Breadcrumbs,
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
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { ScrollTable } from '../../../components/scroll-table';
import { dateFormat } from '../../../lib/date-formats';
import { useAuditLog } from '../api/get-audit-log';
import { detailsText } from '../details-text';

/** A day typed in the filter as the start (from) or the end (to) of that day, in the admin's time zone. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** /admin/audit: who changed what and when; filtered and paged by the server. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const [targetId, setTargetId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedActor] = useDebouncedValue(actor, 300);
  const [debouncedTarget] = useDebouncedValue(targetId, 300);
  const log = useAuditLog({
    action: action ?? undefined,
    actor: debouncedActor.trim() || undefined,
    targetId: debouncedTarget.trim() || undefined,
    from: dayBound(from, false),
    to: dayBound(to, true),
    page,
    pageSize: AUDIT_PAGE_SIZE,
  });
  const filter =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setPage(1);
    };
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin">
          {t('admin.title')}
        </Anchor>
        <Text>{t('audit.title')}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{t('audit.title')}</Title>
        <Text c="dimmed">{t('audit.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
        <Select
          label={t('audit.filters.action')}
          placeholder={t('audit.filters.any')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
          value={action}
          onChange={filter(setAction)}
          clearable
          searchable
        />
        <TextInput
          label={t('audit.filters.actor')}
          value={actor}
          onChange={(e) => filter(setActor)(e.currentTarget.value)}
        />
        <TextInput
          label={t('audit.filters.target')}
          value={targetId}
          onChange={(e) => filter(setTargetId)(e.currentTarget.value)}
        />
        <DateField label={t('audit.filters.from')} value={from} onChange={filter(setFrom)} clearable />
        <DateField
          label={t('audit.filters.to')}
          value={to}
          onChange={filter(setTo)}
          clearable
          // A range the wrong way round matches nothing: said here, not as "no changes".
          error={from && to && to < from ? t('audit.filters.toBeforeFrom') : undefined}
        />
      </SimpleGrid>
      {log.isPending ? (
        <Center mih={120}>
          <Loader aria-label={t('audit.loading')} />
        </Center>
      ) : log.isError ? (
        <Text c="red">{t('errors.unexpected')}</Text>
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed">{t('audit.empty')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('audit.count', { count: log.data.total })}
          </Text>
          <ScrollTable minWidth={760} label={t('audit.title')}>
            <Table striped verticalSpacing="xs" data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.columns.when')}</Table.Th>
                  <Table.Th>{t('audit.columns.who')}</Table.Th>
                  <Table.Th>{t('audit.columns.what')}</Table.Th>
                  <Table.Th>{t('audit.columns.target')}</Table.Th>
                  <Table.Th>{t('audit.columns.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.data.items.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {dateFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(
                        new Date(entry.createdAt),
                      )}
                    </Table.Td>
                    <Table.Td>{entry.actorEmail}</Table.Td>
                    <Table.Td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
                    <Table.Td>
                      {entry.targetId ? (
                        // Shows the start of the id; a click lists every change of that record.
                        <UnstyledButton
                          title={entry.targetId}
                          aria-label={t('audit.filterByTarget', { id: entry.targetId })}
                          onClick={() => filter(setTargetId)(entry.targetId ?? '')}
                        >
                          <Code>{entry.targetId.slice(0, 8)}</Code>
                        </UnstyledButton>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{detailsText(t, i18n.language, entry.details) || '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} aria-label={t('audit.pages')} />
          </Group>
        </>
      )}
    </Stack>
  );
}
