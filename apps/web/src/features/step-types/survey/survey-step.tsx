import { parseSurveyModel, surveyAnswerOf } from '@impact/domain';
import { Alert, Center, Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import { SavedBy } from '../../step-kit/saved-by';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';
import { pageProblems } from '../page-problems';

const SurveyForm = lazy(() => import('../../step-kit/survey-form'));

/**
 * SPEC 3, 5: a survey (or quiz) step. The answer is SurveyJS's answer data, autosaved through the
 * same versioned pipeline as text answers; Next stays blocked until every page validates.
 */
export function SurveyStep({ step, submissionId, result, readOnly, onContent, registerFlush }: StepProps) {
  const { t, i18n } = useTranslation();
  const model = useMemo(() => parseSurveyModel(step.content), [step.content]);
  // The survey keeps its page and focus: a teammate's save is met as a conflict, not redrawn under the reader.
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly, takesNewer: false });
  // The answer the form starts from (a draft restored from this browser, or the stored one).
  const data = useMemo(() => surveyAnswerOf(autosave.content) ?? {}, [autosave.content]);

  useEffect(() => onContent(autosave.content), [autosave.content, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);
  useEffect(() => {
    // SPEC 8: an invalid model is logged; the applicant sees a clear message, never a blank page.
    if (!model) console.error('survey step has an invalid model', step.id);
  }, [model, step.id]);

  const { change } = autosave;
  const onData = useCallback((next: Record<string, unknown>) => change(JSON.stringify(next)), [change]);
  const onProblems = useCallback((found: string[]) => pageProblems.set(step.id, found), [step.id]);
  const registerReveal = useCallback((reveal: () => void) => pageProblems.onReveal(step.id, reveal), [step.id]);

  if (!model) return <Alert color="orange">{t('surveys.invalidModel')}</Alert>;
  return (
    <Stack gap="sm" data-testid="survey-step">
      {autosave.status === 'conflict' && (
        <ConflictBanner onLoadNewer={autosave.loadNewer} onKeepMine={autosave.keepMine} newer={autosave.newer} />
      )}
      <Suspense
        fallback={
          <Center mih={160}>
            <Loader />
          </Center>
        }
      >
        <SurveyForm
          // A newer answer taken after a conflict starts the form again from it; nothing else does
          // (a key that followed the save status rebuilt it, focus and page lost, at every save).
          key={autosave.loads}
          model={model}
          data={data}
          locale={i18n.language}
          readOnly={readOnly}
          onData={onData}
          onProblems={onProblems}
          registerReveal={registerReveal}
        />
      </Suspense>
      {!readOnly && (
        <Group justify="flex-end">
          <SavedBy author={autosave.lastSave.by} at={autosave.lastSave.at} />
          <SaveIndicator status={autosave.status} failure={autosave.failure} />
        </Group>
      )}
    </Stack>
  );
}
