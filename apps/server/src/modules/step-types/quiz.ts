import {
  parseSurveyModel,
  quizKeyOf,
  STEP_TYPES,
  scoreQuiz,
  surveyAnswerOf,
  surveyText,
  type TStepLike,
  type TSurveyText,
  withDefaultLocaleStrings,
  ZSurveyAnswer,
} from '@impact/domain';
import { surveyModelColumns } from './export-columns';
import { parseAnswer } from './invalid-answer';
import { surveyServerType } from './survey';
import { assertAnswerWithinBounds } from './survey-answer-check';
import { keepContent, type ServerStepType } from './types';

const shared = STEP_TYPES.quiz;

/**
 * Each named question's title in a locale, as SurveyJS shows it (the model's default-locale strings
 * first, then the default), else its name; panels opened, a dynamic panel's template too. Read from
 * the model's JSON: no SurveyJS on the main thread, nothing queued behind a Submit on its thread.
 */
export function questionTitles(content: string, locale: string): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (elements: unknown) => {
    if (!Array.isArray(elements)) return;
    for (const element of elements as Array<Record<string, unknown>>) {
      if (typeof element !== 'object' || element === null) continue;
      walk(element.elements);
      walk(element.templateElements);
      const name = element.name;
      if (typeof name === 'string' && element.type !== 'panel')
        titles.set(name, surveyText(element.title as TSurveyText | undefined, locale) || name);
    }
  };
  const model = withDefaultLocaleStrings(parseSurveyModel(content));
  if (Array.isArray(model?.pages))
    for (const page of model.pages as Array<{ elements?: unknown }>) walk(page?.elements);
  walk(model?.elements);
  return titles;
}

/** SPEC 3 "Quiz result": each question compared on its first answer, against the step's key. */
export function quizOutcome(step: TStepLike, answer: Record<string, unknown>) {
  return scoreQuiz(answer, quizKeyOf(step));
}

/** A survey with a key: answered and closed like a survey, scored here (never by the client). */
export const quizServerType: ServerStepType<'quiz'> = {
  name: shared.name,
  async write(_db, step, content) {
    const answer = parseAnswer(ZSurveyAnswer, content);
    assertAnswerWithinBounds(step, answer);
    const outcome = quizOutcome(step, answer);
    const hasKey = Object.keys(outcome.recap).length > 0;
    return { content: JSON.stringify(answer), score: hasKey ? outcome.score : null };
  },
  missing: surveyServerType.missing,
  closing: surveyServerType.closing,
  contentIssues: surveyServerType.contentIssues,
  prepareContent: keepContent,
  // SPEC 3 "Quiz result": right or wrong per question, and the count.
  results(step, content, locale) {
    const answer = surveyAnswerOf(content);
    if (!answer) return null;
    const outcome = quizOutcome(step, answer);
    const titles = questionTitles(step.content, locale);
    const recap = Object.entries(outcome.recap).map(([name, correct]) => ({
      name,
      title: titles.get(name) ?? name,
      correct,
    }));
    return {
      quiz: {
        stepId: step.id,
        stepName: step.name,
        recap,
        correctAnswersCount: outcome.correctAnswersCount,
        questionCount: recap.length,
        score: outcome.score,
      },
    };
  },
  scorer(step) {
    const key = quizKeyOf(step);
    // Without a key nothing can be right: no score, as `write` stores none.
    if (Object.keys(key).length === 0) return null;
    return (answer) => scoreQuiz(answer, key).score;
  },
  // A survey's columns, and the score beside them.
  exportColumns: (step, ctx) => surveyModelColumns(step, ctx, quizServerType.scorer),
  // Charted as a survey: a quiz is a survey with an answer key.
  report: surveyServerType.report,
};

export const isQuizStepType = (name: string | null | undefined) => name === shared.name;
