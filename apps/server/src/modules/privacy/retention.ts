import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, files } from '../../db/schema';
import { messageFilesOf } from '../conversation/erase-messages';
import { deleteStored, type FileStorage } from '../files/storage';
import { dropStoredPdfs } from '../pdf/stored-pdfs';

/** Any fixed number: only this job takes this advisory lock. */
const RETENTION_LOCK = 0x67_64_70_72; // "gdpr"
/** Applications erased per run: the transaction stays short; the next run goes on. */
const BATCH = 500;

type Log = { info(obj: object, msg: string): void };

export type RetentionRun = { ran: boolean; draftsDeleted: number; submissionsDeleted: number };

async function idsOf(tx: Tx, query: ReturnType<typeof sql>): Promise<Array<{ id: string; organizationId: string }>> {
  const result = (await tx.execute(query)) as unknown as { rows: Array<{ id: string; organization_id: string }> };
  return result.rows.map((r) => ({ id: r.id, organizationId: r.organization_id }));
}

/**
 * One pass of the per-call retention (docs/decisions/0006-retention-job.md). The clock starts at the
 * call's closing or the application's last change, whichever is later: a closing date an admin
 * mistypes into the past does not erase applications touched since. Never-submitted
 * applications of calls closed more than `draft_retention_months` ago, and every application of
 * calls closed more than `retention_years` ago, are deleted with their answers, records, files and
 * stored PDFs; the call's eligibility screenings go after its drafts' period (or its applications').
 * Idempotent; an instance that cannot take the advisory lock skips the run (another is doing it).
 */
export async function runRetention(db: Db, storage: FileStorage, now = new Date()): Promise<RetentionRun> {
  const outcome = await db.transaction(async (tx) => {
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`)) as unknown as {
      rows: Array<{ locked: boolean }>;
    };
    if (!lock.rows[0]?.locked) return null;
    const drafts = await idsOf(
      tx,
      sql`select cs.id, cs.organization_id from call_submissions cs join calls c on c.id = cs.call_id
          where c.draft_retention_months is not null
            and greatest(c.closing_at, cs.updated_at) + make_interval(months => c.draft_retention_months) <= ${now}
            and not cs.closed
            and not exists (select 1 from submission_records r where r.call_submission_id = cs.id)
          order by cs.id limit ${BATCH}`,
    );
    const expired = await idsOf(
      tx,
      sql`select cs.id, cs.organization_id from call_submissions cs join calls c on c.id = cs.call_id
          where c.retention_years is not null
            and greatest(c.closing_at, cs.updated_at) + make_interval(years => c.retention_years) <= ${now}
            -- An application that became a grant is the grant's record, kept with it (decision 0043).
            and not exists (select 1 from grants g where g.submission_id = cs.id)
          order by cs.id limit ${BATCH}`,
    );
    // Eligibility screenings (decision 0033) are never an application: they go with the drafts'
    // period when the call sets one, else with the applications'.
    await tx.execute(sql`delete from call_screenings s using calls c
        where c.id = s.call_id
          and coalesce(c.closing_at + make_interval(months => c.draft_retention_months),
                       c.closing_at + make_interval(years => c.retention_years)) <= ${now}`);
    const doomed = [...new Set([...drafts, ...expired].map((s) => s.id))];
    if (!doomed.length) return { blobs: [], drafts: 0, all: 0 };
    const blobs = await tx
      .select({ storage: files.storage, storageKey: files.storageKey })
      .from(files)
      .where(inArray(files.callSubmissionId, doomed));
    blobs.push(...(await dropStoredPdfs(tx, doomed)), ...(await messageFilesOf(tx, doomed)));
    await tx.delete(callSubmissions).where(inArray(callSubmissions.id, doomed));
    const expiredIds = new Set(expired.map((e) => e.id));
    return {
      blobs,
      drafts: drafts.filter((d) => !expiredIds.has(d.id)).length,
      all: expired.length,
    };
  });
  if (!outcome) return { ran: false, draftsDeleted: 0, submissionsDeleted: 0 };
  await deleteStored(storage, outcome.blobs);
  return { ran: true, draftsDeleted: outcome.drafts, submissionsDeleted: outcome.all };
}

/**
 * The retention job's run (registered in background-jobs.ts, hourly on the job queue): erases
 * what is due, batch after batch while a full batch shows more may be due.
 */
export async function retentionRun(db: Db, storage: FileStorage, log: Log): Promise<void> {
  let run: RetentionRun;
  do {
    run = await runRetention(db, storage);
    if (run.draftsDeleted || run.submissionsDeleted) log.info(run, 'retention: expired applications erased');
  } while (run.ran && run.draftsDeleted + run.submissionsDeleted >= BATCH);
}
