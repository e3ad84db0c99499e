import type { TFieldError, TJsonObject } from '@impact/domain';
import { surveyAnswerProblems } from './survey-runner';

/**
 * A survey-check thread: SurveyJS validates an answer synchronously, and some answers within
 * bounds still take it a second or two (every choice of a 1,000-choice question ticked), so the
 * check runs here, under the pool's deadline and heap limit, and the event loop never waits.
 */
export type SurveyCheckTask = { model: unknown; answer: TJsonObject; prefix: string };

export default function checkSurveyAnswer(task: SurveyCheckTask): TFieldError[] {
  return surveyAnswerProblems(task.model, task.answer, task.prefix);
}
