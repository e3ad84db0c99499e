import { type TTextStepContent, ZTextStepContent } from '../steps';
import { ZTextAnswer } from '../submissions';
import { sameContent, type TStepTypeDefinition } from './definition';
import { parseJson, parseJsonObject } from './json';
import { parseWithSchema } from './parse-with-schema';

/** The text step's definition (question and limit); an empty question when the content is unreadable. */
export function textDefinition(content: string): TTextStepContent {
  const parsed = ZTextStepContent.safeParse(parseJsonObject(content));
  return parsed.success ? parsed.data : { question: '' };
}

export function textAnswerOf(content: string | undefined): string {
  const parsed = ZTextAnswer.safeParse(parseJson(content));
  return parsed.success ? parsed.data.answer : '';
}

/** A free-text answer: required, within the step's length limit. */
export const textStepType: TStepTypeDefinition<'text'> = {
  name: 'text',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: JSON.stringify({ question: '' } satisfies TTextStepContent),
  parseContent: (content) => parseWithSchema(ZTextStepContent, content),
  answerSchema: ZTextAnswer,
  serverKeptAnswer: false,
  answerProblems: (step, content) => {
    const answer = textAnswerOf(content);
    const max = textDefinition(step.content).maxLength;
    if (!answer.trim()) return ['applying.validation.textRequired'];
    if (max && answer.length > max) return ['applying.validation.textTooLong'];
    return [];
  },
  applicantContent: sameContent,
  scored: false,
  localisedContent: (content, text) => {
    const definition = parseJsonObject(content);
    if (!definition || !text.question?.trim()) return content;
    return JSON.stringify({ ...definition, question: text.question });
  },
};
