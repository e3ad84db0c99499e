import { translatedOr } from '../content-translations';
import { type TTextQuestion, type TTextStepContent, ZTextStepContent } from '../steps';
import { ZTextAnswer } from '../submissions';
import { sameContent, type TStepTypeDefinition } from './definition';
import { parseJson, parseJsonObject } from './json';
import { parseWithSchema } from './parse-with-schema';

/** The text step's definition (question and limit); an empty question when the content is unreadable. */
export function textDefinition(content: string): TTextStepContent & { question: string } {
  const parsed = ZTextStepContent.safeParse(parseJsonObject(content));
  return parsed.success ? { ...parsed.data, question: parsed.data.question ?? '' } : { question: '' };
}

/** The id a one-question step's answer goes under when it is read as a list of questions. */
export const SINGLE_TEXT_QUESTION_ID = 'answer';

/** Whether the step asks several questions (`questions`), rather than the original one. */
export function asksSeveralQuestions(content: string): boolean {
  return textDefinition(content).questions !== undefined;
}

/**
 * The questions a text step asks, one shape for both: a step of the original shape asks one,
 * unlabelled (its `question` HTML is the label), required, with the step's limit.
 */
export function textQuestions(content: string): TTextQuestion[] {
  const def = textDefinition(content);
  if (def.questions) return def.questions;
  return [
    {
      id: SINGLE_TEXT_QUESTION_ID,
      label: '',
      required: true,
      ...(def.maxLength ? { maxLength: def.maxLength } : {}),
    },
  ];
}

/** The answers by question id: `answers`, or a one-question step's `answer` under its id. */
export function textAnswersOf(content: string | undefined): Record<string, string> {
  const parsed = ZTextAnswer.safeParse(parseJson(content));
  // Without a prototype: a question named "constructor" reads its own answer, never Object's.
  const answers: Record<string, string> = Object.create(null);
  if (!parsed.success) return answers;
  const entries =
    'answers' in parsed.data ? Object.entries(parsed.data.answers) : [[SINGLE_TEXT_QUESTION_ID, parsed.data.answer]];
  for (const [id, text] of entries) if (typeof text === 'string') answers[id as string] = text;
  return answers;
}

/**
 * The words an HTML text shows, without its tags and blank entities ("<p>&nbsp;</p>" shows none),
 * nor what the server's sanitiser takes out whole (a script's or a style's text).
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(script|style|template|iframe|noscript|textarea|object|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

/** A one-question step's answer (the original shape). */
export function textAnswerOf(content: string | undefined): string {
  return textAnswersOf(content)[SINGLE_TEXT_QUESTION_ID] ?? '';
}

/** What is wrong with one question's answer, as a translation key (null: nothing). */
export function textQuestionProblem(question: TTextQuestion, answer: string | undefined): string | null {
  const text = answer ?? '';
  if (question.required && !text.trim()) return 'applying.validation.textRequired';
  if (textOverLimit(question, text)) return 'applying.validation.textTooLong';
  if (textNotANumber(question, text)) return 'applying.validation.numberInvalid';
  return null;
}

/** Digits, with an optional sign and one decimal point or comma ("12", "-3", "2,5", "0,125"). */
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;
/**
 * One to three digits (not starting with 0), then a point or comma and exactly three digits: thousands in one
 * language and decimals in another ("80.000": eighty thousand in Italian, eighty in English), so
 * refused rather than guessed. "0,125" and "1234.567" can only be decimals, and pass.
 */
const THOUSANDS_OR_DECIMALS = /^[+-]?[1-9]\d{0,2}[.,]\d{3}$/;

/** Whether a number question's answer is something else than a number (an empty one is not: that is `required`'s). */
export function textNotANumber(question: TTextQuestion, answer: string | undefined): boolean {
  const text = (answer ?? '').trim();
  return question.kind === 'number' && text !== '' && (!NUMBER.test(text) || THOUSANDS_OR_DECIMALS.test(text));
}

/** Whether an answer is longer than its question takes (the server refuses it; the page holds it back). */
export function textOverLimit(question: TTextQuestion, answer: string | undefined): boolean {
  return question.maxLength !== undefined && (answer ?? '').length > question.maxLength;
}

/** Free-text answers: one question (the original shape) or several, each required or not, within its limit. */
export const textStepType: TStepTypeDefinition<'text'> = {
  name: 'text',
  subSteps: [],
  hiddenInPicker: false,
  defaultContent: JSON.stringify({ question: '' } satisfies TTextStepContent),
  parseContent: (content) => parseWithSchema(ZTextStepContent, content),
  answerSchema: ZTextAnswer,
  serverKeptAnswer: false,
  answerProblems: (step, content) => {
    const answers = textAnswersOf(content);
    const problems = textQuestions(step.content).map((q) => textQuestionProblem(q, answers[q.id]));
    return [...new Set(problems.filter((p): p is string => p !== null))];
  },
  applicantContent: sameContent,
  scored: false,
  // A step of several questions has at least one, each with its label (the content's own check).
  unfinished: (content) =>
    textDefinition(content).questions === undefined && !plainTextOf(textDefinition(content).question)
      ? ['errors.calls.unfinished.textNoQuestion']
      : [],
  localisedContent: (content, text) => {
    const definition = parseJsonObject(content);
    const questions = text.questions ? textDefinition(content).questions : undefined;
    if (!definition || (!text.question?.trim() && !questions)) return content;
    const own = text.questions ?? {};
    return JSON.stringify({
      ...definition,
      ...(text.question?.trim() ? { question: text.question } : {}),
      ...(questions
        ? {
            questions: questions.map((q) => {
              const help = translatedOr(own[q.id]?.help, q.help ?? '');
              return { ...q, label: translatedOr(own[q.id]?.label, q.label), ...(help ? { help } : {}) };
            }),
          }
        : {}),
    });
  },
};
