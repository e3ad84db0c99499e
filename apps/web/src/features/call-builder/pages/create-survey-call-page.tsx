import { newCallDates, quizStepType, surveyStepType } from '@impact/domain';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchSurveyType, useSurveyTypes } from '../../../lib/api/survey-types';
import { createCall } from '../api/create-call';
import { useStepTypes } from '../api/get-step-types';
import { callBuilderKeys } from '../api/keys';
import { errorMessage } from '../components/labels';

/**
 * /admin/calls/create/survey: a call whose first step is a chosen survey type (a quiz type makes a
 * quiz step). Like every new call it opens in one month and closes in three; then the editor opens.
 */
export function CreateSurveyCallPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const surveyTypes = useSurveyTypes();
  const stepTypes = useStepTypes();
  const [name, setName] = useState('');
  const [surveyTypeId, setSurveyTypeId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!name.trim() || !surveyTypeId) return;
    setBusy(true);
    try {
      const survey = await fetchSurveyType(surveyTypeId);
      const typeName = survey.isQuiz ? quizStepType.name : surveyStepType.name;
      const stepTypeId = stepTypes.data?.find((s) => s.name === typeName)?.id ?? '';
      const { openingAt, closingAt } = newCallDates();
      // The call and its call type in one request: one action, one line of the audit trail.
      const call = await createCall({
        name: name.trim(),
        description: '',
        openingAt: openingAt.toISOString(),
        closingAt: closingAt.toISOString(),
        callType: {
          name: name.trim(),
          description: survey.description,
          steps: [{ name: survey.name, description: '', content: survey.model, sort: 0, stepTypeId }],
        },
      });
      await queryClient.invalidateQueries({ queryKey: callBuilderKeys.all });
      notifications.show({ color: 'teal', message: t('surveys.surveyCall.created') });
      void navigate(`/admin/calls/${call.id}`);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{t('surveys.surveyCall.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('surveys.surveyCall.title')}</Title>
      {surveyTypes.data?.length === 0 && (
        <Alert color="blue">
          {t('surveys.surveyCall.noTypes')}{' '}
          <Anchor component={Link} to="/admin/survey/createType">
            {t('surveys.stepEditor.newType')}
          </Anchor>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('surveys.surveyCall.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={submitted && !name.trim() ? t('errors.field.required') : undefined}
            maxLength={300}
          />
          <Select
            label={t('surveys.stepEditor.surveyType')}
            placeholder={t('surveys.stepEditor.pick')}
            required
            searchable
            data={(surveyTypes.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={surveyTypeId}
            onChange={setSurveyTypeId}
            error={submitted && !surveyTypeId ? t('errors.field.required') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin?tab=calls">
              {t('surveys.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('surveys.surveyCall.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
