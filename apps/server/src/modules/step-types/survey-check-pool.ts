import type { TFieldError, TJsonObject } from '@impact/domain';
import { AppError } from '../../lib/app-error';
import { ThreadPool, ThreadPoolBusy } from '../../lib/thread-pool';
import type {
  ConditionCheckTask,
  ConditionJudgeTask,
  SurveyCheckResult,
  SurveyCheckTask,
  SurveyThreadTask,
} from './survey-check-worker';

/**
 * The survey-check threads: one (on this 2-core machine the other core is the event loop's),
 * a queue long enough for a deadline's burst of Submits (each check takes a few milliseconds),
 * a 20 s deadline counted from the request (queueing included), 256 MB of heap.
 */
let pool: ThreadPool<SurveyThreadTask, unknown> | null = null;

function surveyCheckPool() {
  pool ??= new ThreadPool<SurveyThreadTask, unknown>({
    callerUrl: import.meta.url,
    sourceName: './survey-check-worker.ts',
    builtName: 'survey-check-worker.js',
    maxThreads: 1,
    maxQueue: 2_000,
    idleTimeoutMs: 120_000,
    timeoutMs: 20_000,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return pool;
}

/**
 * A survey answer's problems and the answer without what is hidden, from a thread. A check past its deadline or its heap fails alone,
 * as a translated 422 (the answer or the survey is the cause: the applicant can change it and
 * try again); a full queue is a 503 with Retry-After.
 */
export async function checkSurveyAnswerOffThread(task: SurveyCheckTask): Promise<SurveyCheckResult> {
  return (await runOffThread(task)) as SurveyCheckResult;
}

/** A screener's conditions checked before saving (survey-conditions.ts), on the same thread. */
export async function conditionIssuesOffThread(task: Omit<ConditionCheckTask, 'kind'>): Promise<TFieldError[]> {
  return (await runOffThread({ kind: 'conditionIssues', ...task })) as TFieldError[];
}

/** A screener's conditions judged on answers (survey-conditions.ts), on the same thread. */
export async function judgeConditionsOffThread(
  task: Omit<ConditionJudgeTask, 'kind'>,
): Promise<{ problems: TFieldError[]; answers: TJsonObject; held: boolean[] }> {
  return (await runOffThread({ kind: 'judgeConditions', ...task })) as Awaited<
    ReturnType<typeof judgeConditionsOffThread>
  >;
}

async function runOffThread(task: SurveyThreadTask): Promise<unknown> {
  try {
    return await surveyCheckPool().run(task);
  } catch (err) {
    if (err instanceof ThreadPoolBusy)
      throw new AppError('unavailable', { messageKey: 'errors.limits.workBusy', retryAfterSeconds: 5, cause: err });
    throw new AppError('unprocessable', { messageKey: 'errors.limits.checkTookTooLong', cause: err });
  }
}

/** Stops the threads (tests that count them, and shutdown). */
export async function closeSurveyCheckPool() {
  const closing = pool;
  pool = null;
  await closing?.close();
}
