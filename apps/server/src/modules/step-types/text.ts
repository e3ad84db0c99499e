import { STEP_TYPES, type TTextStepContent, textDefinition, ZTextAnswer } from '@impact/domain';
import { invalid } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/sanitize';
import { parsedAnswer } from './export-columns';
import { parseAnswer } from './invalid-answer';
import type { ServerStepType } from './types';

const shared = STEP_TYPES.text;

export const textServerType: ServerStepType<'text'> = {
  name: shared.name,
  async write(_db, step, content) {
    const answer = parseAnswer(ZTextAnswer, content);
    const max = textDefinition(step.content).maxLength;
    if (max && answer.answer.length > max) {
      throw invalid([{ path: 'content', messageKey: 'errors.field.tooBig', params: { maximum: max } }]);
    }
    // Re-serialised, so nothing but the answer is kept.
    return { content: JSON.stringify({ answer: answer.answer }), score: null };
  },
  async missing(_db, step, content) {
    return shared.answerProblems(step, content).length > 0
      ? [{ path: step.id, messageKey: 'errors.submissions.textMissing' }]
      : [];
  },
  prepareContent: (_content, parsed) => {
    const text = parsed as TTextStepContent;
    return JSON.stringify({ ...text, question: sanitizeRichText(text.question) });
  },
  // The answer itself, under the step's name.
  exportColumns: (step) => [
    {
      header: step.name,
      value: (ctx) => {
        const data = parsedAnswer(ctx, step.id) as { answer?: unknown } | null;
        return typeof data?.answer === 'string' ? data.answer : null;
      },
    },
  ],
};
