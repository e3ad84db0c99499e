import {
  asksSeveralQuestions,
  type TTextQuestion,
  textAnswersOf,
  textDefinition,
  textNotANumber,
  textOverLimit,
  textQuestionProblem,
  textQuestions,
} from '@impact/domain';
import { Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { SafeHtml } from '../../../components/safe-html';
import { useKeptText } from '../../../lib/use-kept-text';
import { ConflictBanner } from '../../step-kit/conflict-banner';
import { SaveIndicator } from '../../step-kit/save-indicator';
import { SavedBy } from '../../step-kit/saved-by';
import type { StepProps } from '../../step-kit/step-props';
import { useAutosave } from '../../step-kit/use-autosave';

type Props = Omit<StepProps, 'subStep'>;

/** What the server refuses of an answer (too long, or not a number): the page holds it back instead of sending it. */
const refused = (question: TTextQuestion, text: string | undefined) =>
  textOverLimit(question, text) || textNotANumber(question, text);

/** The answers held back, as kept in the browser (questions the step still asks, still refused). */
function heldAnswers(kept: string, questions: TTextQuestion[]): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = kept ? JSON.parse(kept) : {};
  } catch {
    return {};
  }
  const held: Record<string, string> = {};
  for (const question of questions) {
    const text = (parsed as Record<string, unknown> | null)?.[question.id];
    if (typeof text === 'string' && refused(question, text)) held[question.id] = text;
  }
  return held;
}

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
  // An answer typed past its question's limit, or not a number where one is asked, is shown and held
  // back, by question: the server refuses a step with one, and the step's other answers must still
  // be saved. The question keeps its last saved answer until this one is mended; the held text is
  // kept in the browser meanwhile (another step, another page, a reload bring it back).
  const [heldText, setHeldText] = useKeptText(`textOverLimit.${submissionId}.${step.id}`);
  const heldBack = readOnly ? {} : heldAnswers(heldText, questions);
  const hold = (held: Record<string, string>) => setHeldText(Object.keys(held).length ? JSON.stringify(held) : '');
  const answers = { ...kept, ...heldBack };
  const holding = Object.keys(heldBack).length > 0 || questions.some((q) => textOverLimit(q, answers[q.id]));
  // Written in the shape the step asks for: `{ answer }` for one question, `{ answers }` for several.
  const written = (all: Record<string, string>) =>
    JSON.stringify(several ? { answers: all } : { answer: all[questions[0]?.id ?? ''] ?? '' });
  const shown = Object.keys(heldBack).length > 0 ? written(answers) : autosave.content;
  // What a save may carry of a question: an answer the server takes, else the stored one (within its
  // limit: a text kept from before the question asked for a number is taken unchanged).
  const stored = textAnswersOf(result?.content);
  const withinLimits = (all: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(all).map(([id, text]) => {
        const question = questions.find((q) => q.id === id);
        if (!question || !refused(question, text)) return [id, text];
        return [id, textOverLimit(question, stored[id]) ? '' : (stored[id] ?? '')];
      }),
    );

  // The wizard judges what is on screen (an answer over its limit stops Next and Submit).
  useEffect(() => onContent(shown), [shown, onContent]);
  useEffect(() => registerFlush(autosave.flush), [autosave.flush, registerFlush]);
  // A teammate's newer answer must not be replaced by what is on screen only.
  useEffect(() => autosave.holdTyping(holding), [holding, autosave.holdTyping]);
  // The newer answer taken in a conflict replaces what was held too.
  const loads = useRef(autosave.loads);
  useEffect(() => {
    if (autosave.loads === loads.current) return;
    loads.current = autosave.loads;
    setHeldText('');
  }, [autosave.loads, setHeldText]);

  const change = (id: string, value: string) => {
    const question = questions.find((q) => q.id === id);
    const held = question !== undefined && refused(question, value);
    const { [id]: _, ...others } = heldBack;
    hold(held ? { ...others, [id]: value } : others);
    if (!held) autosave.change(written(withinLimits({ ...kept, [id]: value })));
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
        // Not a number is said at once too: typed, it is not saved; kept from before, it is to mend.
        const error =
          !readOnly && textOverLimit(q, answer)
            ? t('applying.text.overLimitNotSaved', { count: answer.length, max: q.maxLength })
            : !readOnly && textNotANumber(q, answer) && answer !== kept[q.id]
              ? t('applying.text.notANumberNotSaved')
              : problem &&
                  (problem === 'applying.validation.textTooLong' ||
                    problem === 'applying.validation.numberInvalid' ||
                    (problemsShown && !readOnly))
                ? t(problem)
                : undefined;
        const field = {
          // Read by others too once read-only (the funder, a reviewer): "Answer", not "Your answer".
          label: several ? q.label : t(readOnly ? 'applying.text.answerLabelRead' : 'applying.text.answerLabel'),
          withAsterisk: several && q.required,
          required: several && q.required,
          value: answer,
          readOnly,
          error,
          description: help || undefined,
          'data-testid': several ? `text-answer-${q.id}` : 'text-answer',
        };
        // A number is typed on one line, the phone offering its digits; a text that is not a number
        // (kept from before the question asked for one) still shows, to be mended.
        if (q.kind === 'number')
          return (
            <TextInput
              key={q.id}
              {...field}
              inputMode="decimal"
              onChange={(e) => change(q.id, e.currentTarget.value)}
            />
          );
        return (
          <GrowingTextarea
            key={q.id}
            {...field}
            onChange={(e) => change(q.id, e.currentTarget.value)}
            minRows={short ? 1 : several ? 4 : 8}
            maxRows={24}
          />
        );
      })}
      {!readOnly && (
        <Group justify="flex-end">
          <SavedBy author={autosave.lastSave.by} at={autosave.lastSave.at} />
          <SaveIndicator
            status={autosave.status}
            failure={autosave.failure}
            held={questions.filter((q) => heldBack[q.id] !== undefined || textOverLimit(q, answers[q.id])).length}
            // The server names a question by its id in the path (`content.answers.<id>`).
            labelOf={(path) => (several ? questions.find((q) => path === `content.answers.${q.id}`)?.label : undefined)}
          />
        </Group>
      )}
    </Stack>
  );
}
