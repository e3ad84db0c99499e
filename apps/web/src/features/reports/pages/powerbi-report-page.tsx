import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PowerBiReport } from '../components/power-bi-report';

/** SPEC 2 /admin/powerbi-report/{wid}/{rid}: one Power BI report, every organization's rows. */
export function PowerBiReportPage() {
  const { t } = useTranslation();
  const { wid = '', rid = '' } = useParams();
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin/pbi-report-list">
          {t('reports.powerBi.listTitle')}
        </Anchor>
        <Text>{t('reports.powerBi.reportTitle')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('reports.powerBi.reportTitle')}</Title>
      <PowerBiReport workspaceId={wid} reportId={rid} />
    </Stack>
  );
}
