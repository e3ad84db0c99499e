import '@mantine/charts/styles.css';
import type { TCallDashboard } from '@impact/domain';
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSdgLabel } from '../../../lib/api/impact-frameworks';
import { countryName } from '../../../lib/countries';
import { calendarDay, dateFormat } from '../../../lib/date-formats';
import { exportSubmissions } from '../api/export-submissions';
import { useCallDashboard } from '../api/get-call-dashboard';
import { ChartCard } from './chart-card';
import { formatMoney, formatNumber } from './format';
import { OrganizationsTable } from './organizations-table';

// Counts of submissions and organizations: no 0.75 ticks.
const countAxis = { allowDecimals: false };
/** Every category named under its bar: recharts otherwise leaves out labels it finds crowded, and a bar reads as its neighbour's. */
const everyLabel = { interval: 0 } as const;
/** Step names are long: slanted, every one shown, cut after 22 characters (the table beside has them whole). */
const slantedLabels = {
  interval: 0,
  angle: -30,
  textAnchor: 'end',
  height: 80,
  tickFormatter: (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name),
} as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

function Exports({ dashboard }: { dashboard: TCallDashboard }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await exportSubmissions(dashboard.callId, format, i18n.language, dashboard.callName);
    } catch {
      notifications.show({ color: 'red', message: t('reports.export.failed') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {t(`reports.export.${format}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The built-in dashboard of one call. */
export function CallDashboard({ callId }: { callId: string }) {
  const { t, i18n } = useTranslation();
  const query = useCallDashboard(callId);
  const sdgLabel = useSdgLabel();
  if (query.isError) return <Alert color="red">{t('reports.loadFailed')}</Alert>;
  const d = query.data;
  if (!d) return <Text c="dimmed">{t('reports.loading')}</Text>;
  const n = (v: number, digits = 0) => formatNumber(v, i18n.language, digits);
  // A day as the other pages write it ("29 nov 2026"), not as the server sends it (2026-11-29).
  const timeline = d.timeline.map((x) => ({ ...x, day: calendarDay(x.day, i18n.language) }));
  // The bars name a goal by its number; the tables read under them name it in words.
  const sdgs = d.sdgs.map((s) => ({
    sdg: t('sdg.numbered', { n: s.sdg }),
    name: sdgLabel(s.sdg),
    count: s.count,
    budget: s.budget,
  }));
  const completion = d.steps.map((s) => ({
    step: s.name || s.stepType,
    answered: s.answered,
    closed: s.answeredClosed,
  }));
  const countries = d.countries.map((c) => ({ country: countryName(c.key, i18n.language), count: c.count }));
  // With a budget step the impact step's investment is the budget's total cost (decision 0041),
  // not an amount asked for: the figures say so.
  const cost = d.steps.some((s) => s.stepType === 'budget');
  const budgetFigure = t(cost ? 'reports.figures.totalCost' : 'reports.figures.budget');
  const budgetColumn = t(cost ? 'reports.columns.totalCost' : 'reports.columns.budget');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="xl">
          <Figure label={t('reports.figures.submissions')} value={n(d.submissions)} />
          <Figure label={t('reports.figures.closed')} value={n(d.closed)} />
          {d.impactFigures && (
            <>
              <Figure label={budgetFigure} value={formatMoney(d.budget.total, i18n.language, d.currency)} />
              <Figure
                label={t('reports.figures.medianSroi')}
                value={d.sroi.median === null ? '—' : n(d.sroi.median, 2)}
              />
            </>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t('reports.refresh')}
          </Button>
          <Exports dashboard={d} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('reports.computedAt', {
          time: dateFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(d.computedAt)),
        })}
      </Text>
      {/* Charts of nothing are empty frames: the notice alone until a submission starts. */}
      {d.submissions === 0 && <Alert color="gray">{t('reports.noSubmissionData')}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" display={d.submissions === 0 ? 'none' : undefined}>
        <ChartCard
          title={t('reports.charts.timeline')}
          table={{
            columns: [t('reports.columns.day'), t('reports.columns.started'), t('reports.columns.closed')],
            rows: timeline.map((x) => [x.day, x.started, x.closed]),
          }}
        >
          <AreaChart
            yAxisProps={countAxis}
            h={240}
            data={timeline}
            dataKey="day"
            withDots={false}
            series={[
              { name: 'started', label: t('reports.columns.started'), color: 'blue.6' },
              { name: 'closed', label: t('reports.columns.closed'), color: 'teal.6' },
            ]}
            withLegend
          />
        </ChartCard>
        <ChartCard
          title={t('reports.charts.completion')}
          table={{
            columns: [t('reports.columns.step'), t('reports.columns.answered'), t('reports.columns.answeredClosed')],
            rows: completion.map((x) => [x.step, x.answered, x.closed]),
          }}
        >
          <BarChart
            yAxisProps={countAxis}
            xAxisProps={slantedLabels}
            h={280}
            data={completion}
            dataKey="step"
            series={[
              { name: 'answered', label: t('reports.columns.answered'), color: 'blue.6' },
              { name: 'closed', label: t('reports.columns.answeredClosed'), color: 'teal.6' },
            ]}
            withLegend
          />
        </ChartCard>
        <ChartCard
          title={t('reports.charts.countries')}
          table={{
            columns: [t('reports.columns.country'), t('reports.columns.organizations')],
            rows: countries.map((c) => [c.country, c.count]),
          }}
        >
          <BarChart
            xAxisProps={countAxis}
            h={240}
            data={countries.slice(0, 15)}
            dataKey="country"
            orientation="vertical"
            yAxisProps={{ width: 110 }}
            series={[{ name: 'count', label: t('reports.columns.organizations'), color: 'cyan.6' }]}
          />
        </ChartCard>
        {/* Only what the call's steps can feed: without an impact step these stay blank. */}
        {d.impactFigures && (
          <>
            <ChartCard
              title={t('reports.charts.sdgs')}
              description={t('reports.charts.sdgsHint')}
              table={{
                columns: [t('sdg.short'), t('reports.columns.submissions'), budgetColumn],
                rows: sdgs.map((x) => [x.name, x.count, formatMoney(x.budget, i18n.language, d.currency)]),
              }}
            >
              <BarChart
                yAxisProps={countAxis}
                xAxisProps={everyLabel}
                h={260}
                data={sdgs}
                dataKey="sdg"
                series={[{ name: 'count', label: t('reports.columns.submissions'), color: 'grape.6' }]}
              />
            </ChartCard>
            <ChartCard
              title={t(cost ? 'reports.charts.totalCostPerSdg' : 'reports.charts.budgetPerSdg')}
              table={{
                columns: [t('sdg.short'), budgetColumn],
                rows: sdgs.map((x) => [x.name, formatMoney(x.budget, i18n.language, d.currency)]),
              }}
            >
              <BarChart
                xAxisProps={everyLabel}
                h={260}
                data={sdgs}
                dataKey="sdg"
                valueFormatter={(v) => formatMoney(v, i18n.language, d.currency)}
                series={[{ name: 'budget', label: budgetColumn, color: 'orange.6' }]}
              />
            </ChartCard>
            <ChartCard
              title={t('reports.charts.sroi')}
              description={
                <Group gap={6}>
                  <span>{t('reports.charts.sroiHint', { count: d.sroi.withRatio })}</span>
                  {d.sroi.overThreshold > 0 && (
                    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                      {t('reports.charts.sroiOutliers', { count: d.sroi.overThreshold })}
                    </Badge>
                  )}
                </Group>
              }
              table={{
                columns: [t('reports.columns.ratio'), t('reports.columns.submissions')],
                rows: d.sroi.buckets.map((b) => [b.key, b.count]),
              }}
            >
              <BarChart
                yAxisProps={countAxis}
                h={240}
                data={d.sroi.buckets.map((b) => ({
                  ...b,
                  normal: b.key === '8+' ? 0 : b.count,
                  over: b.key === '8+' ? b.count : 0,
                }))}
                dataKey="key"
                type="stacked"
                series={[
                  { name: 'normal', label: t('reports.columns.submissions'), color: 'blue.6' },
                  { name: 'over', label: t('reports.charts.over8'), color: 'orange.6' },
                ]}
              />
            </ChartCard>
            {(['outcomes', 'stakeholders'] as const).map((kind) => (
              <ChartCard
                key={kind}
                title={t(`reports.charts.${kind}`)}
                table={{
                  columns: [t(`reports.columns.${kind}`), t('reports.columns.submissions')],
                  rows: d[kind].map((x) => [x.key, x.count]),
                }}
              >
                <BarChart
                  xAxisProps={countAxis}
                  h={260}
                  data={d[kind]}
                  dataKey="key"
                  orientation="vertical"
                  yAxisProps={{ width: 140 }}
                  series={[{ name: 'count', label: t('reports.columns.submissions'), color: 'indigo.6' }]}
                />
              </ChartCard>
            ))}
          </>
        )}
      </SimpleGrid>
      <OrganizationsTable
        callId={callId}
        impactFigures={d.impactFigures}
        budgetColumn={budgetColumn}
        currency={d.currency}
      />
    </Stack>
  );
}
