import type { TJob, TJobState, TJobsPage, ZJobsQuery } from '@impact/domain';
import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type Db, rows } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';

type JobsQuery = z.output<typeof ZJobsQuery>;

/** pg-boss's states as the page names them; `cancelled` jobs (none of ours cancels) are not listed. */
const STATES_OF: Record<TJobState, string[]> = {
  queued: ['created', 'retry'],
  active: ['active'],
  completed: ['completed'],
  failed: ['failed'],
};
const stateOf = (state: string): TJobState =>
  state === 'created' || state === 'retry' ? 'queued' : (state as TJobState);

type JobRow = {
  id: string;
  name: string;
  state: string;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  retry_count: number;
  retry_limit: number;
  error: string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toJob(row: JobRow): TJob {
  const state = stateOf(row.state);
  return {
    id: row.id,
    name: row.name,
    state,
    createdAt: iso(row.created_on) ?? '',
    startedAt: iso(row.started_on),
    completedAt: iso(row.completed_on),
    // retry_count counts the tries after the first; a job never started has had none.
    attempts: row.retry_count + (row.started_on === null ? 0 : 1),
    maxAttempts: row.retry_limit + 1,
    error: row.state === 'failed' || row.state === 'retry' ? row.error : null,
  };
}

/**
 * The jobs the queue keeps (pg-boss's `job` table: finished ones for a day, failed ones for a week,
 * then archived; docs/OPERATIONS.md), newest first, filtered and paged. pg-boss's own internal
 * queues (`__pgboss__…`) are not ours to show.
 */
export async function listJobs(db: Db, query: JobsQuery): Promise<TJobsPage> {
  const where: SQL[] = [sql`name not like '\\_\\_pgboss\\_\\_%'`, sql`state <> 'cancelled'`];
  if (query.state)
    where.push(
      sql`state::text in (${sql.join(
        STATES_OF[query.state].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (query.name) where.push(sql`name = ${query.name}`);
  const condition = sql.join(where, sql` and `);
  const [items, [total], names] = await Promise.all([
    rows<JobRow>(
      db,
      sql`select id, name, state::text as state, created_on, started_on, completed_on, retry_count, retry_limit,
                 output->>'message' as error
          from pgboss.job where ${condition}
          order by created_on desc, id desc
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job where ${condition}`),
    rows<{ name: string }>(
      db,
      sql`select name from pgboss.queue where name not like '\\_\\_pgboss\\_\\_%' order by name`,
    ),
  ]);
  return {
    items: items.map(toJob),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    names: names.map((n) => n.name),
  };
}

async function jobById(db: Db, id: string): Promise<TJob | null> {
  const [row] = await rows<JobRow>(
    db,
    sql`select id, name, state::text as state, created_on, started_on, completed_on, retry_count, retry_limit,
               output->>'message' as error
        from pgboss.job where id = ${id} and name not like '\\_\\_pgboss\\_\\_%'`,
  );
  return row ? toJob(row) : null;
}

/**
 * POST Jobs/Retry: a failed job goes back to the queue (pg-boss's `retry`: one more try allowed),
 * and any instance's worker runs it again. Only a failed job: another answers 409.
 */
export async function retryJob(db: Db, queue: PgBoss, actor: AuditActor, id: string): Promise<TJob> {
  const job = await jobById(db, id);
  if (!job) throw notFound('errors.jobs.notFound');
  if (job.state !== 'failed') throw new AppError('conflict', { messageKey: 'errors.jobs.notFailed' });
  const { affected } = (await queue.retry(job.name, id)) as unknown as { affected: number };
  // Another administrator retried it in the meantime: it is queued already.
  if (affected) await audit(db, actor, 'job.retry', id, { name: job.name, error: job.error?.slice(0, 200) ?? null });
  return (await jobById(db, id)) ?? job;
}
