import { surveyText, type TQuestionResult } from '@impact/domain';
import { BarChart, DonutChart } from '@mantine/charts';
import { Badge, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { formatNumber } from './format';

type TextAnswer = { organizationName: string; text: string };

function TextAnswers({ answers, label, truncated }: { answers: TextAnswer[]; label: string; truncated?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? answers.filter((a) => a.text.toLowerCase().includes(needle) || a.organizationName.toLowerCase().includes(needle))
    : answers;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('reports.survey.search')}
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        size="xs"
        maw={320}
      />
      <ScrollArea.Autosize mah={320}>
        <Table striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.columns.organization')}</Table.Th>
              <Table.Th>{t('reports.survey.answer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((a) => (
              <Table.Tr key={`${a.organizationName}\u0000${a.text}`}>
                <Table.Td>{a.organizationName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {truncated && (
        <Text size="xs" c="dimmed">
          {t('reports.survey.truncated', { count: answers.length })}
        </Text>
      )}
    </Stack>
  );
}

/** One question of a survey report: its chart (with a table view) or its list of answers. */
export function QuestionResult({ q }: { q: TQuestionResult }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = surveyText(q.title, lang, q.name);
  const answered = t('reports.survey.answered', { count: q.answered });
  const option = (o: { label: Parameters<typeof surveyText>[0] }) =>
    o.label === 'other' ? t('reports.survey.other') : surveyText(o.label, lang);

  switch (q.kind) {
    case 'rating':
    case 'nps': {
      const data = q.values.map((v) => ({ value: option(v), count: v.count }));
      const mean = q.mean === null ? '—' : formatNumber(q.mean, lang, 2);
      return (
        <ChartCard
          title={title}
          description={
            <Group gap="xs">
              <span>{answered}</span>
              <Badge variant="light">{t('reports.survey.mean', { value: mean })}</Badge>
              {q.kind === 'nps' && (
                <>
                  <Badge color="blue" size="lg">
                    {t('reports.survey.nps', { value: q.score === null ? '—' : formatNumber(q.score, lang, 1) })}
                  </Badge>
                  <Badge color="teal" variant="light">
                    {t('reports.survey.promoters', { count: q.promoters })}
                  </Badge>
                  <Badge color="gray" variant="light">
                    {t('reports.survey.passives', { count: q.passives })}
                  </Badge>
                  <Badge color="red" variant="light">
                    {t('reports.survey.detractors', { count: q.detractors })}
                  </Badge>
                </>
              )}
            </Group>
          }
          table={{
            columns: [t('reports.survey.value'), t('reports.columns.submissions'), '%'],
            rows: q.values.map((v) => [option(v), v.count, formatNumber(v.share, lang, 1)]),
          }}
        >
          <BarChart
            h={220}
            data={data}
            dataKey="value"
            yAxisProps={{ allowDecimals: false }}
            series={[{ name: 'count', label: t('reports.columns.submissions'), color: 'blue.6' }]}
          />
        </ChartCard>
      );
    }
    case 'choice': {
      const data = q.choices.map((c) => ({ choice: option(c), count: c.count }));
      return (
        <ChartCard
          title={title}
          description={answered}
          table={{
            columns: [t('reports.survey.choice'), t('reports.columns.submissions'), '%'],
            rows: q.choices.map((c) => [option(c), c.count, formatNumber(c.share, lang, 1)]),
          }}
        >
          <Stack gap="sm">
            <BarChart
              h={Math.max(160, data.length * 36)}
              data={data}
              dataKey="choice"
              orientation="vertical"
              xAxisProps={{ allowDecimals: false }}
              yAxisProps={{ width: 140 }}
              series={[{ name: 'count', label: t('reports.columns.submissions'), color: 'grape.6' }]}
            />
            {q.otherTexts.length > 0 && <TextAnswers answers={q.otherTexts} label={t('reports.survey.otherTexts')} />}
          </Stack>
        </ChartCard>
      );
    }
    case 'boolean': {
      const yes = q.labelTrue ? surveyText(q.labelTrue, lang) : t('reports.survey.yes');
      const no = q.labelFalse ? surveyText(q.labelFalse, lang) : t('reports.survey.no');
      return (
        <ChartCard
          title={title}
          description={answered}
          table={{
            columns: [t('reports.survey.value'), t('reports.columns.submissions')],
            rows: [
              [yes, q.yes],
              [no, q.no],
            ],
          }}
        >
          <DonutChart
            withLabels
            withLabelsLine
            data={[
              { name: yes, value: q.yes, color: 'teal.6' },
              { name: no, value: q.no, color: 'red.6' },
            ]}
          />
        </ChartCard>
      );
    }
    case 'matrix': {
      const colors = ['blue.6', 'teal.6', 'yellow.6', 'orange.6', 'red.6', 'grape.6', 'cyan.6', 'lime.6'];
      const data = q.rows.map((r) => ({
        row: surveyText(r.label, lang),
        ...Object.fromEntries(q.columns.map((_c, i) => [`c${i}`, r.counts[i] ?? 0])),
      }));
      return (
        <ChartCard
          title={title}
          description={answered}
          table={{
            columns: ['', ...q.columns.map((c) => surveyText(c.label, lang))],
            rows: q.rows.map((r) => [surveyText(r.label, lang), ...r.counts]),
          }}
        >
          <BarChart
            h={Math.max(160, data.length * 44)}
            data={data}
            dataKey="row"
            type="stacked"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            withLegend
            series={q.columns.map((c, i) => ({
              name: `c${i}`,
              label: surveyText(c.label, lang),
              color: colors[i % colors.length] ?? 'blue.6',
            }))}
          />
        </ChartCard>
      );
    }
    case 'text':
      return (
        <Stack gap="xs" component="section" aria-label={title}>
          <Text fw={700} size="lg" component="h3" m={0}>
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {answered}
          </Text>
          <TextAnswers answers={q.answers} label={title} truncated={q.truncated} />
        </Stack>
      );
  }
}
