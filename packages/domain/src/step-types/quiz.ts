import { QUIZ_QUESTION_COUNT } from '../quiz';
import type { TStepLike, TStepTypeDefinition } from './definition';
import { isJsonObject, parseJsonObject, type TJsonObject } from './json';
import {
  applicantSurveyContent,
  checkSurveyContent,
  surveyAnswerProblems,
  surveyUnfinished,
  ZSurveyAnswer,
} from './survey';

/** Every question of a model with its `correctAnswer`, at any depth. */
function correctAnswersIn(value: unknown, into: TJsonObject): TJsonObject {
  if (Array.isArray(value)) for (const v of value) correctAnswersIn(v, into);
  else if (isJsonObject(value)) {
    if (typeof value.name === 'string' && value.correctAnswer !== undefined) into[value.name] = value.correctAnswer;
    for (const v of Object.values(value)) correctAnswersIn(v, into);
  }
  return into;
}

/**
 * A quiz's answer key: the step's `expectedAnswers` (JSON object, question name → answer) when
 * set, otherwise the `correctAnswer` of each question of the model. Server side only.
 */
export function quizKeyOf(step: TStepLike): TJsonObject {
  const expected = parseJsonObject(step.expectedAnswers);
  if (expected && Object.keys(expected).length > 0) return expected;
  return correctAnswersIn(parseJsonObject(step.content), {});
}

/** SPEC 9: a quiz template has 12 questions. */
export const QUIZ_DEFAULT_QUESTIONS = QUIZ_QUESTION_COUNT;

/** SPEC 3: a survey with an answer key, scored by the server; hidden in the step-type picker. */
export const quizStepType: TStepTypeDefinition<'quiz'> = {
  name: 'quiz',
  subSteps: [],
  hiddenInPicker: true,
  defaultContent: '',
  parseContent: checkSurveyContent,
  answerSchema: ZSurveyAnswer,
  serverKeptAnswer: false,
  answerProblems: (_step, content) => surveyAnswerProblems(content),
  // The key never reaches an applicant: `correctAnswer` is stripped (and `expectedAnswers` is
  // not in the applicant's contract at all).
  applicantContent: applicantSurveyContent,
  scored: true,
  unfinished: surveyUnfinished,
};
