import { isJsonObject, SURVEY_TEMPLATES, type TSurveyTemplateName, ZCreateSurveyTypeRequest } from '@impact/domain';
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
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateSurveyType, useSurveyType, useUpdateSurveyType } from '../../../lib/api/survey-types';
import { ApiError } from '../../../lib/api-client';
import { modelError } from '../../../lib/survey-model';
import { PreviewBoundary } from '../components/preview-boundary';
import { insertQuestion, PALETTE, type TPaletteItem } from '../palette';

const SurveyForm = lazy(() => import('../../step-kit/survey-form'));

const pretty = (model: unknown) => JSON.stringify(model, null, 2);

/**
 * /admin/survey/creator: our own survey editor (SurveyJS Creator is commercial). The model is
 * JSON in a code editor with syntax errors shown as you type, a live preview beside it, a palette
 * of common questions and templates. The JSON is saved exactly as written.
 */
export function SurveyCreatorPage() {
  const { t, i18n } = useTranslation();
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
  const model = useMemo(() => (error ? null : (JSON.parse(text) as object)), [text, error]);
  // The preview follows the last valid model, so a half-typed edit does not blank it.
  const [previewModel, setPreviewModel] = useState<object | null>(model);
  useEffect(() => {
    if (model) setPreviewModel(model);
  }, [model]);

  const parsed = ZCreateSurveyTypeRequest.safeParse({ name, description, model: text, isQuiz });
  const fieldError = (path: string) =>
    submitted && !parsed.success && parsed.error.issues.some((i) => i.path[0] === path)
      ? t('errors.field.required')
      : undefined;

  const applyTemplate = (template: TSurveyTemplateName) => {
    setText(pretty(SURVEY_TEMPLATES[template]));
    if (template === 'quiz') setIsQuiz(true);
  };
  const insert = (item: TPaletteItem) => {
    if (!model || !isJsonObject(model)) return;
    setText(pretty(insertQuestion(model, item)));
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
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
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
            <Group gap="xs" aria-label={t('surveys.creator.palette')} role="group">
              <Text size="sm" fw={600}>
                {t('surveys.creator.palette')}
              </Text>
              {(Object.keys(PALETTE) as TPaletteItem[]).map((item) => (
                <Button key={item} size="xs" variant="default" onClick={() => insert(item)} disabled={Boolean(error)}>
                  {t(`surveys.palette.${item}`)}
                </Button>
              ))}
            </Group>
            <Textarea
              label={t('surveys.creator.json')}
              description={t('surveys.creator.jsonHelp')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={18}
              maxRows={40}
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              error={error ? `${t(error.key)}${error.detail ? ` — ${error.detail}` : ''}` : undefined}
              data-testid="survey-json"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-label={t('surveys.creator.preview')}>
            <Title order={2} size="h4" mb="sm">
              {t('surveys.creator.preview')}
            </Title>
            {previewModel && (
              <PreviewBoundary key={JSON.stringify(previewModel)} message={t('surveys.invalidModel')}>
                <Suspense fallback={<Loader />}>
                  <SurveyForm model={previewModel} data={{}} locale={i18n.language} readOnly={false} />
                </Suspense>
              </PreviewBoundary>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function templateOf(value: string | null): TSurveyTemplateName {
  return value && value in SURVEY_TEMPLATES ? (value as TSurveyTemplateName) : 'blank';
}
