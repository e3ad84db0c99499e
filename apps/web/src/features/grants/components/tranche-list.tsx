import type { TTranche } from '@impact/domain';
import { Badge, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowCards } from '../../../components/row-cards';
import { ScrollTable } from '../../../components/scroll-table';
import { useNarrowScreen } from '../../../components/use-narrow-screen';
import { formatDay, formatMoney } from './money';

const COLOR = { pending: 'gray', payable: 'yellow', paid: 'teal' } as const;

/** A grant's tranches as a table; `action` adds a last cell per tranche (the admin's "Mark paid"). */
export function TrancheList({
  tranches,
  currency,
  reportNames = {},
  action,
}: {
  tranches: TTranche[];
  currency: string;
  /** The reporting plan's item names by id, for a tranche being edited (a saved one names its own). */
  reportNames?: Record<string, string>;
  action?: (tranche: TTranche) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const narrow = useNarrowScreen();
  const conditionText = (tranche: TTranche) => {
    if (tranche.condition === 'onDate') {
      return t('grants.tranches.onDateOf', { day: formatDay(tranche.dueAt, i18n.language) });
    }
    if (tranche.condition === 'onReportApproval') {
      const name = tranche.reportName ?? (tranche.reportPlanId ? reportNames[tranche.reportPlanId] : undefined);
      return name ? t('grants.tranches.onReportApprovalOf', { name }) : t('grants.tranches.onReportApproval');
    }
    return t('grants.tranches.onAcceptance');
  };
  const status = (tranche: TTranche) => (
    <>
      <Badge variant="light" color={COLOR[tranche.status]}>
        {t(`grants.tranches.statuses.${tranche.status}`)}
      </Badge>
      {tranche.paidAt && (
        <div>
          {t('grants.tranches.paidOn', {
            day: formatDay(tranche.paidAt, i18n.language),
            reference: tranche.paymentReference ?? '',
          })}
        </div>
      )}
    </>
  );
  if (narrow)
    return (
      <RowCards
        label={t('grants.tranches.title')}
        rows={tranches.map((tranche) => ({
          key: tranche.id,
          title: t('grants.tranches.numbered', { n: tranche.position + 1 }),
          details: [
            { label: t('grants.tranches.amount'), value: formatMoney(tranche.amount, currency, i18n.language) },
            { label: t('grants.tranches.condition'), value: conditionText(tranche) },
            { label: t('grants.tranches.status'), value: status(tranche) },
          ],
          actions: action?.(tranche),
        }))}
      />
    );
  return (
    <ScrollTable minWidth={520} label={t('grants.tranches.title')}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('grants.tranches.amount')}</Table.Th>
            <Table.Th>{t('grants.tranches.condition')}</Table.Th>
            <Table.Th>{t('grants.tranches.status')}</Table.Th>
            {action && <Table.Th>{t('grants.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tranches.map((tranche) => (
            <Table.Tr key={tranche.id}>
              <Table.Td>{tranche.position + 1}</Table.Td>
              <Table.Td>{formatMoney(tranche.amount, currency, i18n.language)}</Table.Td>
              <Table.Td>{conditionText(tranche)}</Table.Td>
              <Table.Td>{status(tranche)}</Table.Td>
              {action && <Table.Td>{action(tranche)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
