import { SURVEY_TEMPLATES, type TSurveyTemplateName, ZCreateSurveyTypeRequest } from '@impact/domain';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateSurveyType, useSurveyType, useUpdateSurveyType } from '../../../lib/api/survey-types';
import { ApiError } from '../../../lib/api-client';
import { modelError } from '../../../lib/survey-model';
import { SurveyBuilder } from '../builder/components/survey-builder';

const pretty = (model: unknown) => JSON.stringify(model, null, 2);

/**
 * /admin/survey/creator: our own survey editor (SurveyJS Creator is commercial): the visual
 * builder with its JSON tab and a live preview beside it, and templates. The JSON is saved as
 * the builder or the JSON tab wrote it.
 */
export function SurveyCreatorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id');
  const existing = useSurveyType(id);
  const create = useCreateSurveyType();
  const update = useUpdateSurveyType();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isQuiz, setIsQuiz] = useState(search.get('template') === 'quiz');
  const [text, setText] = useState(() => pretty(SURVEY_TEMPLATES[templateOf(search.get('template'))]));
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!existing.data) return;
    setName(existing.data.name);
    setDescription(existing.data.description);
    setIsQuiz(existing.data.isQuiz);
    // Shown as saved: an imported model keeps its exact text (key order, spacing).
    setText(existing.data.model);
  }, [existing.data]);

  const error = modelError(text);

  const parsed = ZCreateSurveyTypeRequest.safeParse({ name, description, model: text, isQuiz });
  const fieldError = (path: string) =>
    submitted && !parsed.success && parsed.error.issues.some((i) => i.path[0] === path)
      ? t('errors.field.required')
      : undefined;

  const applyTemplate = (template: TSurveyTemplateName) => {
    setText(pretty(SURVEY_TEMPLATES[template]));
    if (template === 'quiz') setIsQuiz(true);
  };

  const save = () => {
    setSubmitted(true);
    if (!parsed.success) return;
    const done = (savedId: string) => {
      notifications.show({ color: 'teal', message: t('surveys.creator.saved') });
      if (savedId !== id) void navigate(`/admin/survey/creator?id=${savedId}`, { replace: true });
    };
    const failed = (err: unknown) =>
      notifications.show({
        color: 'red',
        message: t(err instanceof ApiError ? err.problem.messageKey : 'errors.unexpected'),
      });
    if (id) update.mutate({ ...parsed.data, id, model: text }, { onSuccess: (s) => done(s.id), onError: failed });
    else create.mutate(parsed.data, { onSuccess: (s) => done(s.id), onError: failed });
  };

  if (id && existing.isPending) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  if (id && existing.isError) return <Alert color="red">{t('errors.surveys.typeNotFound')}</Alert>;

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/admin?tab=calls">
          {t('callBuilder.list.title')}
        </Anchor>
        <Text>{t('surveys.creator.title')}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={1}>{t(id ? 'surveys.creator.editTitle' : 'surveys.creator.title')}</Title>
        <Button onClick={save} loading={create.isPending || update.isPending} disabled={Boolean(error)}>
          {t('surveys.creator.save')}
        </Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TextInput
              label={t('surveys.creator.name')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError('name')}
              maxLength={200}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TextInput
              label={t('surveys.creator.description')}
              required
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={fieldError('description')}
              maxLength={2000}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 2 }} pt={{ md: 34 }}>
            <Switch
              label={t('surveys.creator.isQuiz')}
              checked={isQuiz}
              onChange={(e) => setIsQuiz(e.currentTarget.checked)}
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <Group gap="xs" aria-label={t('surveys.creator.templates')} role="group">
        <Text size="sm" fw={600}>
          {t('surveys.creator.templates')}
        </Text>
        {(Object.keys(SURVEY_TEMPLATES) as TSurveyTemplateName[]).map((template) => (
          <Button key={template} size="xs" variant="light" onClick={() => applyTemplate(template)}>
            {t(`surveys.templates.${template}`)}
          </Button>
        ))}
      </Group>
      <SurveyBuilder value={text} onChange={setText} quiz={isQuiz} preview="beside" headingLevel={2} />
    </Stack>
  );
}

function templateOf(value: string | null): TSurveyTemplateName {
  return value && value in SURVEY_TEMPLATES ? (value as TSurveyTemplateName) : 'blank';
}
