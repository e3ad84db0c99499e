import { BLANK_SURVEY_TEMPLATE, quizStepType, surveyStepType } from '@impact/domain';
import { Alert, Anchor, Group, Loader, Select, Stack, Text, Textarea } from '@mantine/core';
import { Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchSurveyType, useSurveyTypes } from '../../../lib/api/survey-types';
import { modelError } from '../../../lib/survey-model';
import type { StepEditorProps } from './step-editor-props';
import { SurveyBuilderSlot } from './survey-builder-slot';

/** A new step's model: one empty page, so the builder opens on it. */
const EMPTY_SURVEY = JSON.stringify(BLANK_SURVEY_TEMPLATE, null, 2);

/**
 * The call builder's editor of a survey or quiz step: pick a saved survey type (its model is
 * copied into the step, so later edits of the type do not change this call), then change it in
 * the visual builder (or its JSON tab).
 */
export function SurveyStepEditor({ content, onChange, showErrors, switchType, typeName }: StepEditorProps) {
  const { t } = useTranslation();
  const Builder = useContext(SurveyBuilderSlot);
  const types = useSurveyTypes();
  const [picked, setPicked] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const error = content.trim() ? modelError(content) : null;

  const pick = async (id: string | null) => {
    setPicked(id);
    if (!id) return;
    setLoading(true);
    try {
      const type = await fetchSurveyType(id);
      onChange(type.model);
      // A quiz survey type makes the step a quiz (scored by the server), a survey type a survey.
      switchType?.(type.isQuiz ? quizStepType.name : surveyStepType.name);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <Select
          label={t('surveys.stepEditor.surveyType')}
          placeholder={t('surveys.stepEditor.pick')}
          data={(types.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={picked}
          onChange={(v) => void pick(v)}
          searchable
          disabled={loading}
          miw={280}
          nothingFoundMessage={t('surveys.stepEditor.none')}
        />
        <Anchor component={Link} to="/admin/survey/createType" size="sm" pb={8}>
          {t('surveys.stepEditor.newType')}
        </Anchor>
      </Group>
      {Builder ? (
        <Suspense fallback={<Loader />}>
          <Builder
            value={content.trim() ? content : EMPTY_SURVEY}
            onChange={onChange}
            quiz={typeName === quizStepType.name}
            preview="tab"
            headingLevel={4}
          />
        </Suspense>
      ) : (
        <Textarea
          label={t('surveys.creator.json')}
          value={content}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={16}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          error={error ? t(error.key) : undefined}
          data-testid="survey-step-json"
        />
      )}
      {showErrors && !content.trim() && <Alert color="orange">{t('surveys.stepEditor.empty')}</Alert>}
      <Text size="xs" c="dimmed">
        {t('surveys.stepEditor.help')}
      </Text>
    </Stack>
  );
}
