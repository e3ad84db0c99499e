import type { TFieldError, TJsonObject } from '@impact/domain';
import { conditionIssues, judgeConditions } from './survey-conditions';
import { checkSurveyAnswer as check } from './survey-runner';

/**
 * A survey-check thread: SurveyJS validates an answer synchronously, and some answers within
 * bounds still take it a second or two (every choice of a 1,000-choice question ticked), so the
 * check runs here, under the pool's deadline and heap limit, and the event loop never waits. The
 * screener's conditions (decision 0033) are SurveyJS's work on what people typed too: they run here.
 */
export type SurveyCheckTask = { model: unknown; answer: TJsonObject; prefix: string };
/** What keeps the answer from being complete, and the answer as it is kept (what is hidden dropped). */
export type SurveyCheckResult = { problems: TFieldError[]; answer: TJsonObject };

/** A screener's conditions checked before it is saved. */
export type ConditionCheckTask = {
  kind: 'conditionIssues';
  model: unknown;
  expressions: string[];
  reserved: string;
  variables: string[];
};
/** A screener's conditions judged on an applicant's answers. */
export type ConditionJudgeTask = {
  kind: 'judgeConditions';
  model: unknown;
  answers: TJsonObject;
  expressions: string[];
  variables: Record<string, unknown>;
};
export type SurveyThreadTask = SurveyCheckTask | ConditionCheckTask | ConditionJudgeTask;

export default function surveyThreadTask(task: SurveyThreadTask) {
  if ('kind' in task && task.kind === 'conditionIssues')
    return conditionIssues(task.model, task.expressions, task.reserved, task.variables);
  if ('kind' in task && task.kind === 'judgeConditions')
    return judgeConditions(task.model, task.answers, task.expressions, task.variables);
  return check(task.model, task.answer, task.prefix);
}
