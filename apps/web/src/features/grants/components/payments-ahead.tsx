import type { TPaymentBucket, TPaymentForecast } from '@impact/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table';
import { dateFormat } from '../../../lib/date-formats';
import { formatMoney } from './money';

/** "March 2027" in the reader's language, for a month written `YYYY-MM`. */
export function monthLabel(month: string, language: string): string {
  return dateFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * What the funder will pay, and when, for the grants the portfolio shows: payable now, then month
 * by month, then what has no day yet; each with what accepted grants owe (committed) beside what
 * offers and drafts would (forecastPayments in the domain).
 */
export function PaymentsAhead({ payments }: { payments: TPaymentForecast }) {
  const { t, i18n } = useTranslation();
  const { currency } = payments;
  const rows: Array<{ key: string; label: string; bucket: TPaymentBucket }> = [
    { key: 'now', label: t('grants.payments.payableNow'), bucket: payments.payableNow },
    ...payments.byMonth.map((m) => ({ key: m.month, label: monthLabel(m.month, i18n.language), bucket: m })),
    { key: 'undated', label: t('grants.payments.undated'), bucket: payments.undated },
  ].filter((row) => row.bucket.tranches > 0);
  const title = t('grants.payments.title');
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      {rows.length === 0 || !currency ? (
        <Text>{t('grants.payments.none')}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('grants.payments.explained')}
          </Text>
          <ScrollTable minWidth={560} label={title}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('grants.payments.when')}</Table.Th>
                  <Table.Th>{t('grants.payments.tranches')}</Table.Th>
                  <Table.Th>{t('grants.payments.amount')}</Table.Th>
                  <Table.Th>{t('grants.payments.committed')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ key, label, bucket }) => (
                  <Table.Tr key={key}>
                    <Table.Th scope="row" fw={key === 'now' ? 700 : 400}>
                      {label}
                    </Table.Th>
                    <Table.Td>{bucket.tranches}</Table.Td>
                    <Table.Td>{formatMoney(bucket.amount, currency, i18n.language)}</Table.Td>
                    <Table.Td>{formatMoney(bucket.committed, currency, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}
