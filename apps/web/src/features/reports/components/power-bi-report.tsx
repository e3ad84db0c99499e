import './power-bi.css';
import { Alert, Loader, Stack } from '@mantine/core';
import { models } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useTranslation } from 'react-i18next';
import { usePowerBiStatus, useReportEmbed } from '../api/power-bi';

/**
 * One Power BI report, embedded with a token the server obtained (row-level security when an
 * organization is given). Without Power BI settings it says so and asks the server for nothing more.
 */
export function PowerBiReport(props: { workspaceId: string; reportId: string; orgId?: string }) {
  const { t } = useTranslation();
  const status = usePowerBiStatus();
  const configured = status.data?.configured === true;
  const embed = useReportEmbed(props, configured);
  if (status.isPending) return <Loader aria-label={t('reports.loading')} />;
  if (!configured) return <Alert color="gray">{t('reports.powerBi.notConfigured')}</Alert>;
  if (embed.isError) return <Alert color="red">{t('reports.powerBi.loadFailed')}</Alert>;
  const data = embed.data;
  const report = data?.embedReport[0];
  if (!data || !report) return <Loader aria-label={t('reports.loading')} />;
  return (
    <Stack>
      <PowerBIEmbed
        cssClassName="ic-pbi-frame"
        embedConfig={{
          type: 'report',
          id: report.reportId,
          embedUrl: report.embedUrl,
          accessToken: data.embedToken.token,
          tokenType: models.TokenType.Embed,
          settings: { panes: { filters: { visible: data.showFilters } } },
        }}
      />
    </Stack>
  );
}
