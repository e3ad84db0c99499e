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
 * Two pools of the same worker, one thread each (on a 2-core machine the other core is the event
 * loop's), each with a 20 s deadline counted from the request (queueing included) and 256 MB of
 * heap. The answers' pool checks survey answers at Submit and at each save: its queue is long
 * enough for a deadline's burst of Submits (a check takes a few milliseconds). Screenings (any
 * signed-in person may send them, at any rate their address is allowed) have their own pool and a
 * short queue: a flood of them is refused with 503 there and never delays, let alone fails, anyone's Submit.
 */
const POOLS = {
  answers: { maxQueue: 2_000 },
  screenings: { maxQueue: 50 },
} as const;
type PoolName = keyof typeof POOLS;
const pools = new Map<PoolName, ThreadPool<SurveyThreadTask, unknown>>();

function surveyThreads(name: PoolName) {
  let pool = pools.get(name);
  if (!pool) {
    pool = new ThreadPool<SurveyThreadTask, unknown>({
      callerUrl: import.meta.url,
      sourceName: './survey-check-worker.ts',
      builtName: 'survey-check-worker.js',
      maxThreads: 1,
      maxQueue: POOLS[name].maxQueue,
      idleTimeoutMs: 120_000,
      timeoutMs: 20_000,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    pools.set(name, pool);
  }
  return pool;
}

/**
 * A survey answer's problems and the answer without what is hidden, from a thread. A check past its deadline or its heap fails alone,
 * as a translated 422 (the answer or the survey is the cause: the applicant can change it and
 * try again); a full queue is a 503 with Retry-After.
 */
export async function checkSurveyAnswerOffThread(task: SurveyCheckTask): Promise<SurveyCheckResult> {
  return (await runOffThread('answers', task)) as SurveyCheckResult;
}

/** A screener's conditions checked before saving (survey-conditions.ts), on the screenings' thread. */
export async function conditionIssuesOffThread(task: Omit<ConditionCheckTask, 'kind'>): Promise<TFieldError[]> {
  return (await runOffThread('screenings', { kind: 'conditionIssues', ...task })) as TFieldError[];
}

/** A screener's conditions judged on answers (survey-conditions.ts), on the screenings' thread. */
export async function judgeConditionsOffThread(
  task: Omit<ConditionJudgeTask, 'kind'>,
): Promise<{ problems: TFieldError[]; answers: TJsonObject; held: boolean[] }> {
  return (await runOffThread('screenings', { kind: 'judgeConditions', ...task })) as Awaited<
    ReturnType<typeof judgeConditionsOffThread>
  >;
}

async function runOffThread(pool: PoolName, task: SurveyThreadTask): Promise<unknown> {
  try {
    return await surveyThreads(pool).run(task);
  } catch (err) {
    if (err instanceof ThreadPoolBusy)
      throw new AppError('unavailable', { messageKey: 'errors.limits.workBusy', retryAfterSeconds: 5, cause: err });
    throw new AppError('unprocessable', { messageKey: 'errors.limits.checkTookTooLong', cause: err });
  }
}

/** Stops the threads (tests that count them, and shutdown). */
export async function closeSurveyCheckPool() {
  const closing = [...pools.values()];
  pools.clear();
  await Promise.all(closing.map((pool) => pool.close()));
}
