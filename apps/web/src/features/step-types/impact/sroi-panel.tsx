import {
  DEFAULT_CURRENCY,
  estimateMiniDyi,
  SROI_WARNING_THRESHOLD,
  type TMiniDyiAnswer,
  type TSroiParams,
} from '@impact/domain';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fixedNumber } from '../../../lib/number-formats';

/**
 * SPEC 3 "score range": low – central – high SROI, NPV and payback, live; the over-8 warning.
 * `fromBudgetStep`: the investment is the budget step's total cost, so a missing one is filled there.
 */
export function SroiPanel({
  answer,
  params,
  fromBudgetStep = false,
  currency = DEFAULT_CURRENCY,
  sent = false,
}: {
  answer: TMiniDyiAnswer;
  params?: TSroiParams | undefined;
  fromBudgetStep?: boolean;
  /** The call's (`callCurrency`). */
  currency?: string;
  /** The application was sent: the figures stand, the advice to check the targets no longer helps. */
  sent?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const estimate = estimateMiniDyi(answer, params);
  const ratio = (n: number | null) => fixedNumber(n, i18n.language, 2);
  const euro = (n: number) =>
    n.toLocaleString(i18n.language, { style: 'currency', currency, maximumFractionDigits: 0 });
  const months = (m: number | null) =>
    m === null ? t('impact.sroi.noPayback') : t('impact.sroi.months', { count: m });

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="sroi-panel">
      <Stack gap="sm">
        {/* On the thank-you page it stands under the page's heading; in the step, under the sub-step's. */}
        <Title order={sent ? 2 : 3} size="h4">
          {t('impact.sroi.title')}
        </Title>
        {estimate.central.ratio === null ? (
          <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="sroi-no-budget">
            {t(fromBudgetStep ? 'impact.sroi.noBudgetLinked' : 'impact.sroi.noBudget')}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              {(['low', 'central', 'high'] as const).map((k) => (
                <Stack key={k} gap={0} align="center">
                  <Text size="xs" c="dimmed" tt="uppercase">
                    {t(`impact.sroi.${k}`)}
                  </Text>
                  <Text fw={700} fz={k === 'central' ? 28 : 20} data-testid={`sroi-${k}`}>
                    {ratio(estimate[k].ratio)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Text size="sm" ta="center" data-testid="sroi-range">
              {t('impact.sroi.range', {
                low: ratio(estimate.low.ratio),
                central: ratio(estimate.central.ratio),
                high: ratio(estimate.high.ratio),
              })}
            </Text>
            <Group justify="center" gap="xl">
              <Text size="sm">
                {t('labelled', { label: t('impact.sroi.npv') })} <b>{euro(estimate.central.netPresentValue)}</b>
              </Text>
              <Text size="sm">
                {t('labelled', { label: t('impact.sroi.payback') })} <b>{months(estimate.central.paybackMonths)}</b>
              </Text>
            </Group>
          </>
        )}
        {estimate.overThreshold && !sent && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="sroi-warning" role="alert">
            {t('impact.sroi.warning', { threshold: SROI_WARNING_THRESHOLD })}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('impact.sroi.explain')}
        </Text>
      </Stack>
    </Paper>
  );
}
