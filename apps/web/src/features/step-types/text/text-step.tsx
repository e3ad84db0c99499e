import {
  asksSeveralQuestions,
  type TTextQuestion,
  textAnswersOf,
  textDefinition,
  textQuestionProblem,
  textQuestions,
} from '@impact/domain';
import { Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { SafeHtml } from '../../../components/safe-html';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import { SavedBy } from '../../step-kit/saved-by';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';

type Props = Omit<StepProps, 'subStep'>;

/** Every answer of the step as one text, for the conflict banner's side-by-side view. */
function allAnswers(questions: TTextQuestion[], answers: Record<string, string>, several: boolean): string {
  if (!several) return answers[questions[0]?.id ?? ''] ?? '';
  return questions.map((q) => `${q.label}\n${answers[q.id] ?? ''}`).join('\n\n');
}

/**
 * SPEC: a text step. The original shape asks one question (HTML) under a generic label; a step
 * with several questions shows its introduction and one field per question, each with its label,
 * help, limit and required mark.
 */
export function TextStep({ step, submissionId, result, readOnly, onContent, registerFlush, problemsShown }: Props) {
  const { t } = useTranslation();
  const def = textDefinition(step.content);
  const several = asksSeveralQuestions(step.content);
  const questions = textQuestions(step.content);
  const autosave = useAutosave({ submissionId, stepId: step.id, initial: result, readOnly });
  const kept = textAnswersOf(autosave.content);
  // An answer typed past its question's limit is shown and held back, by question: the server
  // refuses a step with one, and the step's other answers must still be saved. The question keeps
  // its last answer within the limit until this one is shortened.
  const [overLimit, setOverLimit] = useState<Record<string, string>>({});
  const answers = { ...kept, ...overLimit };
  // Written in the shape the step asks for: `{ answer }` for one question, `{ answers }` for several.
  const written = (all: Record<string, string>) =>
    JSON.stringify(several ? { answers: all } : { answer: all[questions[0]?.id ?? ''] ?? '' });
  const shown = Object.keys(overLimit).length > 0 ? written(answers) : autosave.content;

  // The wizard judges what is on screen (an answer over its limit stops Next and Submit).
  useEffect(() => onContent(shown), [shown, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);

  const change = (id: string, value: string) => {
    const question = questions.find((q) => q.id === id);
    const over = question?.maxLength !== undefined && value.length > question.maxLength;
    const { [id]: _, ...others } = overLimit;
    const held = over ? { ...others, [id]: value } : others;
    setOverLimit(held);
    autosave.holdTyping(Object.keys(held).length > 0);
    if (!over) autosave.change(written({ ...kept, [id]: value }));
  };

  return (
    <Stack gap="sm">
      {def.question && <SafeHtml html={def.question} />}
      {autosave.status === 'conflict' && (
        <ConflictBanner
          onLoadNewer={autosave.loadNewer}
          onKeepMine={autosave.keepMine}
          newer={autosave.newer}
          compare={
            autosave.newer
              ? {
                  mine: allAnswers(questions, answers, several),
                  theirs: allAnswers(questions, textAnswersOf(autosave.newer.content), several),
                }
              : undefined
          }
        />
      )}
      {questions.map((q) => {
        const answer = answers[q.id] ?? '';
        const counter = q.maxLength ? t('applying.text.counter', { count: answer.length, max: q.maxLength }) : '';
        const help = [q.help, counter].filter(Boolean).join(' · ');
        // A short limit asks for a line or two, not a page.
        const short = several && q.maxLength !== undefined && q.maxLength <= 200;
        // Too long is said at once; a required answer missing, on its field, once Next or Submit asked.
        const problem = textQuestionProblem(q, answer);
        const error =
          q.id in overLimit
            ? t('applying.text.overLimitNotSaved', { count: answer.length, max: q.maxLength })
            : problem && (problem === 'applying.validation.textTooLong' || (problemsShown && !readOnly))
              ? t(problem)
              : undefined;
        return (
          <GrowingTextarea
            key={q.id}
            // Read by others too once read-only (the funder, a reviewer): "Answer", not "Your answer".
            label={several ? q.label : t(readOnly ? 'applying.text.answerLabelRead' : 'applying.text.answerLabel')}
            withAsterisk={several && q.required}
            required={several && q.required}
            value={answer}
            onChange={(e) => change(q.id, e.currentTarget.value)}
            readOnly={readOnly}
            minRows={short ? 1 : several ? 4 : 8}
            maxRows={24}
            error={error}
            description={help || undefined}
            data-testid={several ? `text-answer-${q.id}` : 'text-answer'}
          />
        );
      })}
      {!readOnly && (
        <Group justify="flex-end">
          <SavedBy author={autosave.lastSave.by} at={autosave.lastSave.at} />
          <SaveIndicator status={autosave.status} />
        </Group>
      )}
    </Stack>
  );
}
