import { textAnswerOf, textDefinition } from '@impact/domain';
import { Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { SafeHtml } from '../../../components/safe-html';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import { SavedBy } from '../../step-kit/saved-by';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';

type Props = Omit<StepProps, 'subStep'>;

/** SPEC: a text step — the question (HTML) and an answer within the configured length. */
export function TextStep({ step, submissionId, result, readOnly, onContent, registerFlush }: Props) {
  const { t } = useTranslation();
  const def = textDefinition(step.content);
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly });
  const answer = textAnswerOf(autosave.content);

  useEffect(() => onContent(autosave.content), [autosave.content, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);

  return (
    <Stack gap="sm">
      {def.question && <SafeHtml html={def.question} />}
      {autosave.status === 'conflict' && (
        <ConflictBanner
          onLoadNewer={autosave.loadNewer}
          onKeepMine={autosave.keepMine}
          newer={autosave.newer}
          compare={autosave.newer ? { mine: answer, theirs: textAnswerOf(autosave.newer.content) } : undefined}
        />
      )}
      <GrowingTextarea
        label={t('applying.text.answerLabel')}
        value={answer}
        onChange={(e) => autosave.change(JSON.stringify({ answer: e.currentTarget.value }))}
        readOnly={readOnly}
        minRows={8}
        maxRows={24}
        error={def.maxLength && answer.length > def.maxLength ? t('applying.validation.textTooLong') : undefined}
        description={
          def.maxLength ? t('applying.text.counter', { count: answer.length, max: def.maxLength }) : undefined
        }
        data-testid="text-answer"
      />
      {!readOnly && (
        <Group justify="flex-end">
          <SavedBy author={autosave.lastSave.by} at={autosave.lastSave.at} />
          <SaveIndicator status={autosave.status} />
        </Group>
      )}
    </Stack>
  );
}
