import { Anchor, Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { countryName } from '../../../lib/countries';
import { dateFormat } from '../../../lib/date-formats';
import { useDashboardOrganizations } from '../api/get-dashboard-organizations';
import { formatMoney, formatNumber } from './format';

/**
 * The dashboard's per-organization table, paged by the server; each row opens its submission.
 * Budget and SROI only for a call whose steps can give them (`impactFigures`).
 */
export function OrganizationsTable({
  callId,
  impactFigures,
  budgetColumn,
  currency,
}: {
  callId: string;
  impactFigures: boolean;
  /** The budget column's heading: the amount asked for, or the budget step's total cost. */
  budgetColumn: string;
  /** The call's. */
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const page = useDashboardOrganizations(callId, cursors.at(-1) ?? null);
  const items = page.data?.items ?? [];
  const date = (iso: string | null) =>
    iso ? dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)) : '—';
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="report-organizations">
          {t('reports.organizations.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reports.organizations.total', { count: page.data?.total ?? 0 })}
        </Text>
      </Group>
      <ScrollTable minWidth={720} label={t('reports.organizations.title')}>
        <Table striped highlightOnHover aria-labelledby="report-organizations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.columns.organization')}</Table.Th>
              <Table.Th>{t('reports.columns.country')}</Table.Th>
              <Table.Th>{t('reports.columns.status')}</Table.Th>
              <Table.Th>{t('reports.columns.started')}</Table.Th>
              <Table.Th>{t('reports.columns.stepsAnswered')}</Table.Th>
              {impactFigures && (
                <>
                  <Table.Th>{budgetColumn}</Table.Th>
                  <Table.Th>SROI</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((o) => (
              <Table.Tr key={o.submissionId}>
                <Table.Td>
                  <Anchor component={Link} to={`/call/${o.submissionId}/0/0?readonly=true`}>
                    {o.organizationName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{countryName(o.country, i18n.language)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={o.closed ? 'teal' : 'gray'}>
                    {o.closed ? t('reports.status.closed') : t('reports.status.open')}
                  </Badge>
                </Table.Td>
                <Table.Td>{date(o.createdAt)}</Table.Td>
                <Table.Td>{o.stepsAnswered}</Table.Td>
                {impactFigures && (
                  <>
                    <Table.Td>{o.budget === null ? '—' : formatMoney(o.budget, i18n.language, currency)}</Table.Td>
                    <Table.Td>{o.sroi === null ? '—' : formatNumber(o.sroi, i18n.language, 2)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="flex-end" mt="sm" gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={cursors.length === 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('reports.organizations.previous')}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors((c) => [...c, page.data?.nextCursor ?? null])}
        >
          {t('reports.organizations.next')}
        </Button>
      </Group>
    </Card>
  );
}
