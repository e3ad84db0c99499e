import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** Where pg-boss keeps its tables; made by the migration 0042_job-queue.sql. */
export const JOB_SCHEMA = 'pgboss';

/**
 * One kind of background work, declared in one entry of the registry (background-jobs.ts):
 * `{ name, run, schedule }` for a job that runs on a clock, `{ name, run, retry }` for one that
 * is sent (`queue.send(name, data)`) and tried again when it fails.
 */
export type JobDefinition = {
  /** The queue's name, shown on the admin jobs page: `<module>.<what>`. */
  name: string;
  /** The work. Throwing (or rejecting) fails this try; the queue retries by `retry`, never crashes. */
  run: (data: Record<string, unknown>) => Promise<unknown>;
  /** A cron expression in UTC (minute granularity): one run per tick across every instance. */
  schedule?: string;
  /** Tries after a failure, the pause before the first, doubled each time when `backoff`. */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run longer than this counts as failed (and is retried); pg-boss allows at most 24 h. */
  timeoutSeconds?: number;
};

/** pg-boss's internal queue through which its clock sends scheduled jobs. */
const SEND_IT_QUEUE = '__pgboss__send-it';
/** Any fixed number: only the queue's set-up takes this advisory lock. */
const SETUP_LOCK = 727_040;

/** Runs `work` with pg-boss's SQL on one connection holding the set-up lock (PostgreSQL), or as is (PGlite: one connection). */
async function oneAtATime(database: Database, work: (db: PgBoss.Db) => Promise<void>): Promise<void> {
  const raw = database.raw;
  if (raw.kind === 'pglite') return work(queueDb(database));
  const client = await raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    await work({ executeSql: (text, values) => client.query(text, values) });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
    client.release();
  }
}

/** A scheduled job failing is tried again twice, a minute apart then two, before the next tick. */
const SCHEDULED_RETRY = { limit: 2, delaySeconds: 60, backoff: true };
/** pg-boss's own clock work: one cron check every 30 s, maintenance every 2 min, across instances. */
const MAINTENANCE_SECONDS = 120;
/** Finished jobs stay on the admin page a day, failed ones a week; archived copies go after 7 days. */
export const KEEP_COMPLETED_SECONDS = 24 * 3600;
export const KEEP_FAILED_SECONDS = 7 * 24 * 3600;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * pg-boss runs its SQL through our database rather than a pool of its own: on PostgreSQL the
 * app's pool (its timeouts and size), on the embedded database its one connection. pg-boss sends
 * some commands as several statements in one text without parameters (its locked maintenance,
 * its schema upgrades): PGlite runs those through `exec`, the simple protocol, as node-postgres
 * does for a query without values.
 */
export function queueDb(database: Database): PgBoss.Db {
  const raw = database.raw;
  if (raw.kind === 'postgres') {
    return { executeSql: (text, values) => raw.pool.query(text, values) };
  }
  return {
    executeSql: async (text, values) => {
      if (values?.length) return raw.client.query(text, values);
      const results = await raw.client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

function bossOptions(database: Database, pollingIntervalSeconds: number): PgBoss.ConstructorOptions {
  return {
    db: queueDb(database),
    schema: JOB_SCHEMA,
    pollingIntervalSeconds,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    deleteAfterDays: 7,
  };
}

/**
 * A queue not started: reads and admin actions (retry) on the jobs, no workers, no clock. The
 * API uses it, so the jobs page works on an instance whatever runs its background work.
 */
export function jobQueueClient(database: Database): PgBoss {
  return new PgBoss({ ...bossOptions(database, 10), schedule: false, supervise: false, migrate: false });
}

export type JobQueue = {
  /** Sends a job of a registered queue (its retry policy applies); null when a singleton already waits. */
  send(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Stops fetching, waits for the runs in progress (up to `timeoutMs`), then stops the clock. */
  stop(timeoutMs?: number): Promise<void>;
  boss: PgBoss;
};

/**
 * Starts the queue on this instance: every job's queue made (idempotent), each scheduled job's
 * cron saved (the schedules no longer registered removed), and one worker per job. Every
 * instance runs this; pg-boss's cron check runs on one instance per tick, and a scheduled job's
 * queue is `stately` (at most one waiting and one running), so a tick runs once across all of
 * them and a slow run is never doubled. Errors of pg-boss's own loops are logged, never thrown
 * (decision 0002).
 */
export async function startJobQueue(
  database: Database,
  jobs: JobDefinition[],
  log: Log,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  // The embedded database is one connection shared with the requests: poll it gently.
  const polling = options.pollingIntervalSeconds ?? (database.kind === 'pglite' ? 10 : 5);
  const names = new Set(jobs.map((j) => j.name));
  // Making a queue is DDL (a partition of pg-boss's job table): two instances starting together
  // deadlocked doing it at once, so the queues and schedules are set up by one at a time.
  await oneAtATime(database, async (db) => {
    const setup = new PgBoss({ ...bossOptions(database, polling), db });
    // pg-boss's own queue for cron ticks, which its start makes too: made here, under the lock.
    await setup.createQueue(SEND_IT_QUEUE);
    for (const job of jobs) {
      const retry = job.retry ?? (job.schedule ? SCHEDULED_RETRY : { limit: 0, delaySeconds: 0 });
      const queue: PgBoss.Queue = {
        name: job.name,
        policy: job.schedule ? 'stately' : 'standard',
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff ?? false,
        ...(job.timeoutSeconds ? { expireInSeconds: job.timeoutSeconds } : {}),
      };
      await setup.createQueue(job.name, queue);
      // A policy changed in the registry reaches a queue made by an earlier release.
      await setup.updateQueue(job.name, queue);
      if (job.schedule) await setup.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    }
    for (const schedule of await setup.getSchedules()) {
      if (!names.has(schedule.name)) await setup.unschedule(schedule.name);
    }
  });
  const boss = new PgBoss(bossOptions(database, polling));
  boss.on('error', (err) => log.warn({ err }, 'job queue: a background step failed; it is tried again'));
  await boss.start();
  for (const job of jobs) {
    await boss.work<Record<string, unknown>>(job.name, { batchSize: 1 }, async ([received]) => {
      if (!received) return;
      try {
        return await job.run(received.data ?? {});
      } catch (err) {
        log.warn({ err, job: job.name, jobId: received.id }, 'job failed; the queue retries it by its policy');
        throw err;
      }
    });
  }
  return {
    send: (name, data = {}) => boss.send(name, data),
    stop: (timeoutMs = 8_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
    boss,
  };
}
