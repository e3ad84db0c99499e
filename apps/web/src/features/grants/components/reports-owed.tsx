import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGrantReports } from '../api/grant-reports';

/**
 * How many of a grant's reports are waiting for the grantee: the overdue ones, and the ones due
 * (or sent back with changes requested). Read from the grant's reports, one request per active
 * grant: the list of grants carries no report figures.
 */
export function ReportsOwed({ grantId }: { grantId: string }) {
  const { t } = useTranslation();
  const reports = useGrantReports(grantId);
  if (!reports.data) return null;
  const overdue = reports.data.filter((r) => r.status === 'overdue').length;
  const due = reports.data.filter((r) => r.status === 'due' || r.status === 'changesRequested').length;
  if (overdue === 0 && due === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('grantReports.mine.none')}
      </Text>
    );
  return (
    <Group gap={4}>
      {overdue > 0 && (
        <Badge variant="light" color="red">
          {t('grantReports.mine.overdue', { count: overdue })}
        </Badge>
      )}
      {due > 0 && (
        <Badge variant="light" color="gray">
          {t('grantReports.mine.due', { count: due })}
        </Badge>
      )}
    </Group>
  );
}
