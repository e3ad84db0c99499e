import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listedCallName, useCallList } from '../../../lib/api/get-call-list';
import { useConfig } from '../../../lib/api/get-config';
import { defaultReportCall, REPORT_CALL_KEY } from '../default-report-call';
import { hasReport } from '../has-report';
import { CallDashboard } from './call-dashboard';

/** Admin index, report tab: pick a call, see its dashboard; links to survey results and Power BI. */
export function ReportTab() {
  const { t, i18n } = useTranslation();
  const calls = useCallList();
  const config = useConfig();
  // The admin's last choice in this browser, while that call exists; else where applications arrive.
  const [picked, setPicked] = useLocalStorage<string | null>({ key: REPORT_CALL_KEY, defaultValue: null });
  const options = useMemo(
    () => (calls.data ?? []).map((c) => ({ value: c.id, label: listedCallName(c, i18n.language) })),
    [calls.data, i18n.language],
  );
  const remembered = calls.data?.some((c) => c.id === picked) ? picked : null;
  const callId = remembered ?? defaultReportCall(calls.data ?? [])?.id ?? null;
  const call = calls.data?.find((c) => c.id === callId);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('reports.pickCall')}
          data={options}
          value={callId}
          onChange={setPicked}
          searchable
          allowDeselect={false}
          w={360}
          nothingFoundMessage={t('reports.noCalls')}
        />
        <Group gap="md">
          {call && (
            <Anchor component={Link} to={`/admin/report-list/${call.id}/${call.callTypeId}`}>
              <Group gap={4}>
                <IconChartBar size={16} aria-hidden />
                {t('reports.surveyResultsLink')}
              </Group>
            </Anchor>
          )}
          {hasReport(config) && (
            <Anchor
              component={Link}
              to={`/admin/powerbi-report/${config.workspacePowerBiId.trim()}/${config.reportPowerBiId.trim()}`}
            >
              {t('reports.powerBi.configured')}
            </Anchor>
          )}
          <Anchor component={Link} to="/admin/pbi-report-list">
            {t('reports.powerBiLink')}
          </Anchor>
        </Group>
      </Group>
      {callId ? <CallDashboard callId={callId} /> : <Text c="dimmed">{t('reports.noCalls')}</Text>}
    </Stack>
  );
}
