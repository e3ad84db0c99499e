import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * The history of a step's answer (docs/decisions/0030), as CTEs to append to a statement that has
 * a `written` CTE (the answer row just stored: call_submission_id, step_id, version, content). The
 * author's save joins their row of this minute when that row is the step's latest, was no restore
 * and no Submit froze it since; otherwise it is a row of its own. One rule for every writer: the
 * autosave's one statement (submissions/guarded-write.ts) and the writes in a transaction below.
 * Writers of one step are serialised by the caller's lock (the submission or the answer's row).
 */
export function keepVersionCtes(authorUserId: string, restoredFrom: number | null): SQL {
  return sql`
    latest as (
      select h.id, h.author_user_id, h.saved_at, h.restored_from from step_result_versions h, written w
      where h.call_submission_id = w.call_submission_id and h.step_id = w.step_id
      order by h.version desc limit 1
    ),
    coalesced as (
      update step_result_versions h
      set content = w.content, version = w.version, saved_at = now()
      from written w, latest l
      where h.id = l.id and ${restoredFrom}::int is null and l.restored_from is null
        and l.author_user_id = ${authorUserId} and date_trunc('minute', l.saved_at) = date_trunc('minute', now())
        and not exists (select 1 from submission_records sr
          where sr.call_submission_id = w.call_submission_id and sr.closed_at >= l.saved_at)
      returning h.id
    ),
    recorded as (
      insert into step_result_versions (call_submission_id, step_id, version, author_user_id, content, restored_from)
      select w.call_submission_id, w.step_id, w.version, ${authorUserId}::uuid, w.content, ${restoredFrom}::int
      from written w where not exists (select 1 from coalesced)
    )`;
}

/** Keeps the version a write inside a transaction stored (uploads, the impact step), by `authorUserId`. */
export async function keepStepVersion(
  tx: Tx | Db,
  row: { callSubmissionId: string; stepId: string; version: number; content: string },
  authorUserId: string,
): Promise<void> {
  await tx.execute(sql`
    with written as (
      select ${row.callSubmissionId}::uuid as call_submission_id, ${row.stepId}::uuid as step_id,
        ${row.version}::int as version, ${row.content}::text as content
    ),
    ${keepVersionCtes(authorUserId, null)}
    select 1`);
}
