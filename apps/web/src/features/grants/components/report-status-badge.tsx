import type { TReportStatus } from '@impact/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TReportStatus, string> = {
  due: 'gray',
  overdue: 'red',
  submitted: 'blue',
  changesRequested: 'orange',
  approved: 'teal',
  notRequired: 'gray',
};

export function ReportStatusBadge({ status }: { status: TReportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR[status]}>
      {t(`grantReports.status.${status}`)}
    </Badge>
  );
}
