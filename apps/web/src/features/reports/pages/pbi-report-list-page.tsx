import { Alert, Anchor, Breadcrumbs, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../lib/api/get-config';
import { useAvailableReports, usePowerBiStatus } from '../api/power-bi';

/** SPEC 2 /admin/pbi-report-list: the reports of the configured Power BI workspace. */
export function PbiReportListPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const status = usePowerBiStatus();
  const groupId = config.workspacePowerBiId.trim();
  const configured = status.data?.configured === true;
  const reports = useAvailableReports(groupId, configured && /^[A-Za-z0-9-]+$/.test(groupId));
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=report">
          {t('reports.title')}
        </Anchor>
        <Text>{t('reports.powerBi.listTitle')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('reports.powerBi.listTitle')}</Title>
      {status.isPending && <Loader aria-label={t('reports.loading')} />}
      {status.data && !configured && <Alert color="gray">{t('reports.powerBi.notConfigured')}</Alert>}
      {reports.isError && <Alert color="red">{t('reports.powerBi.loadFailed')}</Alert>}
      {reports.data?.length === 0 && <Alert color="gray">{t('reports.powerBi.none')}</Alert>}
      {reports.data?.map((r) => (
        <Card key={r.reportId} withBorder padding="md">
          <Group justify="space-between">
            <Text fw={600}>{r.reportName}</Text>
            <Anchor component={Link} to={`/admin/powerbi-report/${r.workspaceId}/${r.reportId}`}>
              {t('reports.powerBi.open')}
            </Anchor>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
