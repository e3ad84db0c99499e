import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PowerBiReport } from '../components/power-bi-report';

/** SPEC 1 /powerbi-report-rls/{wid}/{rid}/{oid}: the report with the rows of one organization only. */
export function PowerBiReportRlsPage() {
  const { t } = useTranslation();
  const { wid = '', rid = '', oid = '' } = useParams();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/calls">
        {t('reports.powerBi.backToCalls')}
      </Anchor>
      <Title order={1}>{t('reports.powerBi.myReport')}</Title>
      <PowerBiReport workspaceId={wid} reportId={rid} orgId={oid} />
    </Stack>
  );
}
