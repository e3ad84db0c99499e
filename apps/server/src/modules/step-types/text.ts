import {
  asksSeveralQuestions,
  SINGLE_TEXT_QUESTION_ID,
  STEP_TYPES,
  type TStep,
  type TTextStepContent,
  textAnswersOf,
  textNotANumber,
  textOverLimit,
  textQuestionProblem,
  textQuestions,
  ZTextAnswer,
} from '@impact/domain';
import { invalid } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { columnLabel, parsedAnswer } from './export-columns';
import { parseAnswer } from './invalid-answer';
import type { ServerStepType, WriteContext } from './types';

const shared = STEP_TYPES.text;

/**
 * A text step asks one question (the original shape: `{ question, maxLength }`, answered as
 * `{ answer }`) or several (`questions`, answered as `{ answers: { <id>: … } }`). Both are read as
 * a list of questions (`textQuestions`); answers are stored in the shape the step asks for.
 */
export const textServerType: ServerStepType<'text'> = {
  name: shared.name,
  async write(_db, step, content, ctx) {
    parseAnswer(ZTextAnswer, content);
    const answers = textAnswersOf(content);
    const questions = textQuestions(step.content);
    const several = asksSeveralQuestions(step.content);
    const known = new Set(questions.map((q) => q.id));
    const unknown = Object.keys(answers).filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw invalid(
        unknown.map((id) => ({ path: `content.answers.${id}`, messageKey: 'errors.textStep.unknownQuestion' })),
      );
    }
    // Each question's own limit, checked here whatever the page showed.
    const tooLong = questions.filter((q) => textOverLimit(q, answers[q.id]));
    if (tooLong.length > 0) {
      throw invalid(
        tooLong.map((q) => ({
          path: several ? `content.answers.${q.id}` : 'content',
          messageKey: 'errors.field.tooBig',
          params: { maximum: q.maxLength ?? 0 },
        })),
      );
    }
    await refuseNonNumbers(step, answers, several, ctx);
    // Re-serialised, so nothing but the answers is kept, in the shape the step asks for.
    if (!several) {
      return { content: JSON.stringify({ answer: answers[SINGLE_TEXT_QUESTION_ID] ?? '' }), score: null };
    }
    const kept = Object.fromEntries(questions.filter((q) => q.id in answers).map((q) => [q.id, answers[q.id]]));
    return { content: JSON.stringify({ answers: kept }), score: null };
  },
  async missing(_db, step, content) {
    if (!asksSeveralQuestions(step.content)) {
      return shared.answerProblems(step, content).length > 0
        ? [{ path: step.id, messageKey: 'errors.submissions.textMissing' }]
        : [];
    }
    // One error per question left unanswered (or too long), each naming its question.
    const answers = textAnswersOf(content);
    return textQuestions(step.content)
      .filter((q) => textQuestionProblem(q, answers[q.id]) !== null)
      .map((q) => ({ path: `${step.id}.${q.id}`, messageKey: 'errors.submissions.textMissing' }));
  },
  prepareContent: (_content, parsed) => {
    const text = parsed as TTextStepContent;
    return JSON.stringify({
      ...text,
      ...(text.question !== undefined ? { question: sanitizeRichText(text.question) } : {}),
    });
  },
  // A one-question step: the answer under the step's name; several: one column per question.
  exportColumns: (step) => {
    const several = asksSeveralQuestions(step.content);
    return textQuestions(step.content).map((q) => ({
      header: several ? columnLabel(step, q.label) : step.name,
      value: (ctx) => {
        // Parsed once per row for all the step's columns.
        const data = parsedAnswer(ctx, step.id) as { answer?: unknown; answers?: Record<string, unknown> } | null;
        // An answer saved before the step asked several questions is its first question's.
        const answer = several
          ? (data?.answers?.[q.id] ?? (q.id === SINGLE_TEXT_QUESTION_ID ? data?.answer : null))
          : data?.answer;
        return typeof answer === 'string' ? answer : null;
      },
    }));
  },
};

/**
 * A number question takes digits only, whatever the page showed. An answer kept from before the
 * question asked for a number stays as it was (it is not lost: the applicant sees it with its error
 * and mends it, and Submit waits until then); only a new text that is not a number is refused.
 * The stored answer is read only when there is such a text.
 */
async function refuseNonNumbers(
  step: TStep,
  answers: Record<string, string>,
  several: boolean,
  ctx: WriteContext | undefined,
) {
  const suspects = textQuestions(step.content).filter((q) => textNotANumber(q, answers[q.id]));
  if (suspects.length === 0) return;
  const kept = textAnswersOf(await ctx?.storedContent?.());
  const refused = suspects.filter((q) => answers[q.id] !== kept[q.id]);
  if (refused.length === 0) return;
  throw invalid(
    refused.map((q) => ({
      path: several ? `content.answers.${q.id}` : 'content',
      messageKey: 'errors.textStep.notANumber',
    })),
  );
}
