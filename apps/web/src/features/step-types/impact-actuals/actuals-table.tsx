import {
  IMPACT_FRAMEWORK_LANGUAGE,
  type TActualsForecast,
  type TActualsIndicator,
  type TActualsValue,
  type TSroiRatios,
} from '@impact/domain';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';
import { fixedNumber } from '../../../lib/number-formats';

/** An indicator's names are the framework's, unless its outcome is the applicant's own (no SDG). */
const frameworkLang = (i: TActualsIndicator) => (i.sdg === null ? undefined : IMPACT_FRAMEWORK_LANGUAGE);

/** Numbers and ratios in the reader's language; a ratio always with two decimals. */
export function useFigures() {
  const { i18n } = useTranslation();
  return {
    number: (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toLocaleString(i18n.language)),
    ratio: (n: number | null | undefined) => fixedNumber(n, i18n.language, 2),
  };
}

/** The forecast's and the actual central SROI side by side. */
export function RatiosPanel({ forecast, actual }: { forecast: TSroiRatios | null; actual: TSroiRatios | null }) {
  const { t } = useTranslation();
  const { ratio } = useFigures();
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="actuals-ratios">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('impactActuals.ratiosTitle')}
        </Title>
        <Group gap="xl">
          <Text>
            {t('impactActuals.labelled', { label: t('impactActuals.forecastSroi') })}{' '}
            <strong>{ratio(forecast?.central)}</strong>
          </Text>
          <Text>
            {t('impactActuals.labelled', { label: t('impactActuals.actualSroi') })}{' '}
            <strong>{ratio(actual?.central)}</strong>
          </Text>
        </Group>
        {!actual && (
          <Text size="sm" c="dimmed">
            {t('impactActuals.actualPending')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Forecast against actual per indicator, read only (the reviewer, a submitted report). */
export function ActualsTable({ forecast, values }: { forecast: TActualsForecast; values: readonly TActualsValue[] }) {
  const { t } = useTranslation();
  const { number } = useFigures();
  const byKey = new Map(values.map((v) => [v.key, v]));
  return (
    <ScrollTable minWidth={560} label={t('impactActuals.tableCaption')}>
      <Table striped>
        <Table.Caption>{t('impactActuals.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('impactActuals.outcome')}</Table.Th>
            <Table.Th scope="col">{t('impactActuals.indicator')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('impactActuals.target')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('impactActuals.achieved')}
            </Table.Th>
            <Table.Th scope="col">{t('impactActuals.note')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forecast.indicators.map((i) => (
            <Table.Tr key={i.key}>
              <Table.Td lang={frameworkLang(i)}>{i.outcomeName}</Table.Td>
              <Table.Th scope="row" fw={500} lang={frameworkLang(i)}>
                {i.indicatorName}
              </Table.Th>
              <Table.Td ta="right">{number(i.targetValue)}</Table.Td>
              <Table.Td ta="right">{number(byKey.get(i.key)?.value)}</Table.Td>
              <Table.Td>{byKey.get(i.key)?.note || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
