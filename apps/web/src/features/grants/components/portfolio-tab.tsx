import {
  DEFAULT_CURRENCY,
  GRANT_STATUSES,
  type TIndicatorTally,
  type TPortfolio,
  type TPortfolioQuery,
  ZPortfolioQuery,
} from '@impact/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { useSdgLabel } from '../../../lib/api/impact-frameworks';
import { problemText } from '../../../lib/problem-text';
import { useReplaceSearchParam } from '../../../lib/replace-search-param';
import { downloadPortfolio, usePortfolio } from '../api/grants';
import { GrantStatusBadge } from './grant-status-badge';
import { formatMoney } from './money';
import { PaymentsAhead } from './payments-ahead';

const SDGS = Array.from({ length: 17 }, (_, i) => i + 1);
const thisYear = new Date().getUTCFullYear();
const YEARS = Array.from({ length: 8 }, (_, i) => thisYear + 2 - i);

/**
 * The filters are kept in the address (`?tab=portfolio&sdg=10&year=2026`): a grant opened from
 * the list comes back to the same view, and a filtered view can be bookmarked or sent. A value
 * outside the choices is ignored.
 */
export function portfolioFilters(search: URLSearchParams): TPortfolioQuery {
  const read = (name: 'sdg' | 'year') => ZPortfolioQuery.shape[name].safeParse(search.get(name) ?? undefined).data;
  const sdg = read('sdg');
  const year = read('year');
  // Only a year the list offers: another could not be seen or cleared there.
  return { ...(sdg ? { sdg } : {}), ...(year && YEARS.includes(year) ? { year } : {}) };
}

/**
 * The admin's portfolio: every grant across calls by status, awarded and paid, by SDG with the
 * applications' forecast SROI against the reported one and the indicators' targets met, filtered
 * by SDG and year, exported as CSV or XLSX, with the payments still to make by month (decisions
 * 0043, 0051, 0059).
 */
export function PortfolioTab() {
  const { t } = useTranslation();
  const [search, setParam] = useReplaceSearchParam();
  const filters = portfolioFilters(search);
  const setFilter = (name: 'sdg' | 'year', value: string | null) => setParam(name, value);
  const data = usePortfolio(filters);
  const sdgLabel = useSdgLabel();
  return (
    <Stack>
      <Title order={2} size="h3">
        {t('grants.portfolio.title')}
      </Title>
      <Group align="flex-end">
        <Select
          label={t('grants.portfolio.sdg')}
          placeholder={t('grants.portfolio.all')}
          clearable
          data={SDGS.map((n) => ({ value: String(n), label: sdgLabel(n) }))}
          value={filters.sdg ? String(filters.sdg) : null}
          onChange={(v) => setFilter('sdg', v)}
        />
        <Select
          label={t('grants.portfolio.year')}
          placeholder={t('grants.portfolio.all')}
          clearable
          data={YEARS.map(String)}
          value={filters.year ? String(filters.year) : null}
          onChange={(v) => setFilter('year', v)}
        />
        <Button variant="default" onClick={() => void downloadPortfolio(filters, 'csv')}>
          {t('grants.portfolio.exportCsv')}
        </Button>
        <Button variant="default" onClick={() => void downloadPortfolio(filters, 'xlsx')}>
          {t('grants.portfolio.exportXlsx')}
        </Button>
      </Group>
      {data.isPending && <Loader aria-label={t('grants.loading')} />}
      {data.isError && <Alert color="red">{problemText(t, data.error)}</Alert>}
      {data.data && <PortfolioView data={data.data} filtered={Boolean(filters.sdg || filters.year)} />}
    </Stack>
  );
}

function PortfolioView({ data, filtered }: { data: TPortfolio; filtered: boolean }) {
  const { t, i18n } = useTranslation();
  const sdgLabel = useSdgLabel();
  // The totals' currency; with several, the totals are that first one's and the page says so.
  const [currency = DEFAULT_CURRENCY, ...others] = data.totals.currencies;
  const money = (n: number, inCurrency = currency) => formatMoney(n, inCurrency, i18n.language);
  const ratio = (n: number | null) =>
    n === null ? '—' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n);
  // Targets met among the indicators a report gave a value: nothing to say before one did.
  const met = (tally: TIndicatorTally) =>
    tally.reported === 0 ? '—' : t('grants.portfolio.metOf', { met: tally.met, count: tally.reported });
  if (data.grants.length === 0)
    return <Text>{t(filtered ? 'grants.portfolio.noneFiltered' : 'grants.portfolio.empty')}</Text>;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t('grants.portfolio.grants')} value={String(data.totals.grants)} />
        <Figure label={t('grants.portfolio.awarded')} value={money(data.totals.awarded)} />
        <Figure label={t('grants.portfolio.paid')} value={money(data.totals.paid)} />
        <Figure
          label={t('grants.portfolio.grantsWithReportsOverdue')}
          value={String(data.totals.grantsWithReportsOverdue)}
        />
        <Figure label={t('grants.portfolio.reportsOverdue')} value={String(data.totals.reportsOverdue)} />
        <Figure label={t('grants.portfolio.targetsMet')} value={met(data.totals.indicators)} />
      </SimpleGrid>
      {others.length > 0 && (
        <Alert color="yellow" data-testid="portfolio-currencies">
          {t('grants.portfolio.severalCurrencies', { currency, others: others.join(', ') })}
        </Alert>
      )}
      <Group gap="xs">
        {GRANT_STATUSES.map((status) => (
          <Group key={status} gap={4}>
            <GrantStatusBadge status={status} />
            <Text size="sm">{data.totals.byStatus[status] ?? 0}</Text>
          </Group>
        ))}
      </Group>
      <PaymentsAhead payments={data.payments} />
      <Title order={3} size="h4">
        {t('grants.portfolio.bySdg')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('grants.portfolio.actualLater')}
      </Text>
      <ScrollTable minWidth={720} label={t('grants.portfolio.bySdg')}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('grants.portfolio.sdg')}</Table.Th>
              <Table.Th>{t('grants.portfolio.grants')}</Table.Th>
              <Table.Th>{t('grants.portfolio.awarded')}</Table.Th>
              <Table.Th>{t('grants.portfolio.forecastSroi')}</Table.Th>
              <Table.Th>{t('grants.portfolio.actualSroi')}</Table.Th>
              <Table.Th>{t('grants.portfolio.indicators')}</Table.Th>
              <Table.Th>{t('grants.portfolio.targetsMet')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.bySdg.map((row) => (
              <Table.Tr key={row.sdg}>
                <Table.Td>{sdgLabel(row.sdg)}</Table.Td>
                <Table.Td>{row.grants}</Table.Td>
                <Table.Td>{money(row.awarded)}</Table.Td>
                <Table.Td>{ratio(row.forecastSroi)}</Table.Td>
                <Table.Td>{ratio(row.actualSroi)}</Table.Td>
                <Table.Td>{row.indicators.promised}</Table.Td>
                <Table.Td>{met(row.indicators)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Title order={3} size="h4">
        {t('grants.portfolio.list')}
      </Title>
      <ScrollTable minWidth={900} label={t('grants.portfolio.list')}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('grants.columns.call')}</Table.Th>
              <Table.Th>{t('grants.columns.organization')}</Table.Th>
              <Table.Th>{t('grants.columns.status')}</Table.Th>
              <Table.Th>{t('grants.portfolio.awarded')}</Table.Th>
              <Table.Th>{t('grants.portfolio.paid')}</Table.Th>
              <Table.Th>{t('grants.portfolio.forecastSroi')}</Table.Th>
              <Table.Th>{t('grants.portfolio.actualSroi')}</Table.Th>
              <Table.Th>{t('grants.portfolio.targetsMet')}</Table.Th>
              <Table.Th>{t('grants.portfolio.reportsOverdue')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.grants.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.callName}</Table.Td>
                <Table.Td>
                  {/* The grant itself: its terms, tranches and reports. */}
                  <Anchor component={Link} to={`/grants/${g.id}`}>
                    {g.organizationName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <GrantStatusBadge status={g.status} />
                </Table.Td>
                <Table.Td>{money(g.amount, g.currency)}</Table.Td>
                <Table.Td>{money(g.paid, g.currency)}</Table.Td>
                <Table.Td>{ratio(g.forecastSroi)}</Table.Td>
                <Table.Td>
                  {ratio(g.actualSroi)}
                  {g.actualApproved === false && (
                    <Text size="xs" c="dimmed">
                      {t('grants.portfolio.notApproved')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{met(g.indicators)}</Table.Td>
                <Table.Td>
                  {g.reportsOverdue > 0 ? (
                    <Badge variant="light" color="red">
                      {g.reportsOverdue}
                    </Badge>
                  ) : (
                    0
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}
