import { SURVEY_TEMPLATES, type TSurveyTemplateName, ZCreateSurveyTypeRequest } from '@impact/domain';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCreateSurveyType } from '../../../lib/api/survey-types';
import { ApiError } from '../../../lib/api-client';

/** /admin/survey/createType: SJSurvey/CreateSurveyType (name, description), from a template; then the creator. */
export function CreateSurveyTypePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSurveyType();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [template, setTemplate] = useState<TSurveyTemplateName>('blank');
  const [submitted, setSubmitted] = useState(false);
  const input = {
    name,
    description,
    // Indented, so the creator shows the template readably; it is saved exactly as it is then edited.
    model: JSON.stringify(SURVEY_TEMPLATES[template], null, 2),
    isQuiz: template === 'quiz',
  };
  const parsed = ZCreateSurveyTypeRequest.safeParse(input);
  const fieldError = (path: string) =>
    submitted && !parsed.success && parsed.error.issues.some((i) => i.path[0] === path)
      ? t('errors.field.required')
      : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        notifications.show({ color: 'teal', message: t('surveys.createType.created') });
        void navigate(`/admin/survey/creator?id=${created.id}`);
      },
      onError: (err) =>
        notifications.show({
          color: 'red',
          message: t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'),
        }),
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{t('surveys.createType.title')}</Text>
      </Breadcrumbs>
      <Title order={1}>{t('surveys.createType.title')}</Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('surveys.creator.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
            maxLength={200}
          />
          <Textarea
            label={t('surveys.creator.description')}
            required
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fieldError('description')}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Select
            label={t('surveys.createType.template')}
            allowDeselect={false}
            value={template}
            onChange={(v) => v && setTemplate(v as TSurveyTemplateName)}
            data={(Object.keys(SURVEY_TEMPLATES) as TSurveyTemplateName[]).map((v) => ({
              value: v,
              label: t(`surveys.templates.${v}`),
            }))}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/admin?tab=calls">
              {t('surveys.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('surveys.createType.create')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
