import { Alert, Anchor, Breadcrumbs, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSurveySteps } from '../api/get-survey-report';

/** SPEC 2 /admin/report-list/{callId}/{callTypeId}: the survey and quiz steps of a call, each with its report. */
export function ReportListPage() {
  const { t } = useTranslation();
  const { callId = '' } = useParams();
  const list = useSurveySteps(callId);
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=report">
          {t('reports.title')}
        </Anchor>
        <Text>{list.data?.callName ?? '…'}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('reports.surveyList.title', { call: list.data?.callName ?? '' })}</Title>
      {list.isError && <Alert color="red">{t('reports.loadFailed')}</Alert>}
      {list.data && list.data.steps.length === 0 && <Alert color="gray">{t('reports.noSurveyCall')}</Alert>}
      <Stack gap="sm">
        {list.data?.steps.map((s) => (
          <Card key={s.stepId} withBorder padding="md">
            <Group justify="space-between">
              <Text fw={600}>{s.name || t('reports.surveyList.untitled')}</Text>
              <Anchor component={Link} to={`/admin/report/${callId}/${s.stepId}`}>
                <Group gap={4}>
                  <IconChartBar size={16} aria-hidden />
                  {t('reports.surveyList.open', { step: s.name })}
                </Group>
              </Anchor>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
