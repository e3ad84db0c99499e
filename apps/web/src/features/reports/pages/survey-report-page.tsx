import '@mantine/charts/styles.css';
import { Alert, Anchor, Breadcrumbs, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSurveyReport } from '../api/get-survey-report';
import { QuestionResult } from '../components/question-result';

/** SPEC 2 /admin/report/{callId}/{stepId}: every question of a survey step, charted. */
export function SurveyReportPage() {
  const { t } = useTranslation();
  const { callId = '', stepId = '' } = useParams();
  const [includeOpen, setIncludeOpen] = useState(false);
  const report = useSurveyReport(callId, stepId, includeOpen);
  const r = report.data;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=report">
          {t('reports.title')}
        </Anchor>
        {r && (
          <Anchor component={Link} to={`/admin/report-list/${callId}/-`}>
            {r.callName}
          </Anchor>
        )}
        <Text>{r?.stepName ?? '…'}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{r?.stepName || t('reports.survey.title')}</Title>
          {r && <Text c="dimmed">{t('reports.survey.submissions', { count: r.submissions })}</Text>}
        </Stack>
        <Switch
          label={t('reports.survey.includeOpen')}
          checked={includeOpen}
          onChange={(e) => setIncludeOpen(e.currentTarget.checked)}
        />
      </Group>
      {report.isError && <Alert color="red">{t('reports.loadFailed')}</Alert>}
      {r && !r.validModel && <Alert color="orange">{t('reports.survey.invalidModel')}</Alert>}
      {r?.validModel && r.submissions === 0 && <Alert color="gray">{t('reports.noSubmissionData')}</Alert>}
      {r?.validModel && r.submissions > 0 && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          {r.questions.map((q) => (
            <QuestionResult key={q.name} q={q} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
