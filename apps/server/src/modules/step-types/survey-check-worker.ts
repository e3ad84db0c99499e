import type { TFieldError, TJsonObject } from '@impact/domain';
import { checkSurveyAnswer as check } from './survey-runner';

/**
 * A survey-check thread: SurveyJS validates an answer synchronously, and some answers within
 * bounds still take it a second or two (every choice of a 1,000-choice question ticked), so the
 * check runs here, under the pool's deadline and heap limit, and the event loop never waits.
 */
export type SurveyCheckTask = { model: unknown; answer: TJsonObject; prefix: string };
/** What keeps the answer from being complete, and the answer as it is kept (what is hidden dropped). */
export type SurveyCheckResult = { problems: TFieldError[]; answer: TJsonObject };

export default function checkSurveyAnswer(task: SurveyCheckTask): SurveyCheckResult {
  return check(task.model, task.answer, task.prefix);
}
