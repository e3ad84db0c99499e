import { z } from 'zod';
import { sameContent, type TStepTypeDefinition } from '../definition';
import { parseJson } from '../json';
import { parseWithSchema } from '../parse-with-schema';

/**
 * A step type this product does not ship: one date asked with a question. Only the tests that
 * prove a new type is one module per layer (domain, server, PDF, web) register it; it is not in
 * the registry.
 */
export const ZDateQuestionContent = z.object({ question: z.string().max(500) });
export const ZDateAnswer = z.object({ date: z.iso.date() });
export type TDateAnswer = z.infer<typeof ZDateAnswer>;

export const DATE_QUESTION = 'dateQuestion';

export function dateAnswerOf(content: string | undefined): TDateAnswer | null {
  const parsed = ZDateAnswer.safeParse(parseJson(content));
  return parsed.success ? parsed.data : null;
}

export const dateQuestionStepType: TStepTypeDefinition = {
  name: DATE_QUESTION,
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: JSON.stringify({ question: '' }),
  parseContent: (content) => parseWithSchema(ZDateQuestionContent, content),
  answerSchema: ZDateAnswer,
  serverKeptAnswer: false,
  answerProblems: (_step, content) => (dateAnswerOf(content) ? [] : ['applying.validation.dateRequired']),
  applicantContent: sameContent,
  scored: false,
};
