import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/**
 * A grant's report, read as reopening it or sending it back needs it (null for any other
 * submission): `fixedBecause`, why it may no longer be reopened nor sent back for changes (409):
 * approved (decision 0044: a tranche may have been paid on it), or its grant closed (decision 0052:
 * the grantee was told no more reports are asked for).
 */
export async function reportToReopen(
  db: Db | Tx,
  submissionId: string,
): Promise<{ fixedBecause: 'errors.grantReports.approved' | 'errors.grantReports.grantClosed' | null } | null> {
  const [found] = await rows<{ approved: boolean; closed: boolean }>(
    db,
    // The grant's row shared: a close in progress is waited for (and waits for this), so a
    // request for changes never slips in beside the grant's closing.
    sql`select r.approved_at is not null as approved, g.status = 'closed' as closed
          from grant_reports r join grants g on g.id = r.grant_id
         where r.submission_id = ${submissionId}::uuid
           for share of g`,
  );
  if (!found) return null;
  if (found.approved) return { fixedBecause: 'errors.grantReports.approved' };
  return { fixedBecause: found.closed ? 'errors.grantReports.grantClosed' : null };
}

/** Whether the submission is a grant's report: what is written about it then speaks of a report. */
export async function isGrantReport(db: Db | Tx, submissionId: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from grant_reports where submission_id = ${submissionId}::uuid`,
  );
  return found.length > 0;
}

/**
 * Whether the submission is the report of a closed grant (`reportOfClosedGrantSql`, read on its
 * own); `shareGrant` in a transaction that writes beside it (`reportOfClosedGrantLockingSql`).
 */
export async function reportOfClosedGrant(
  db: Db | Tx,
  submissionId: string,
  options: { shareGrant?: boolean } = {},
): Promise<boolean> {
  const condition = options.shareGrant ? reportOfClosedGrantLockingSql('x.id') : reportOfClosedGrantSql('x.id');
  const [found] = await rows<{ closed: boolean }>(
    db,
    sql`select ${sql.raw(condition)} as closed from (select ${submissionId}::uuid as id) x`,
  );
  return found?.closed === true;
}

/**
 * Whether the submission `submission` is the report of a closed grant, as an SQL condition: no
 * longer written nor sent (decision 0052), though its form's call stays open. The write rules read
 * it inside their own statements: the autosave's (guarded-write.ts), Submit's (close-statements.ts)
 * and `withOpenChangeRequest`'s. `submission` is SQL text pasted as it is (a column of the
 * caller's statement), never a value.
 */
export function reportOfClosedGrantSql(submission: string): string {
  return `exists (select 1 from grant_reports gr join grants g on g.id = gr.grant_id
    where gr.submission_id = ${submission} and g.status = 'closed')`;
}

/**
 * The same condition with the grant's row shared, for Submit's lock (close-statements.ts) and a
 * message's transaction (conversation/service.ts): a close of the grant in progress is waited
 * for, then read as it committed, so no report is sent (its receipts queued, its tranche made
 * payable) nor discussed beside the grant's closing; the plain condition, read from the
 * statement's snapshot, would let it through.
 */
export function reportOfClosedGrantLockingSql(submission: string): string {
  return `coalesce((select g.status = 'closed' from grant_reports gr join grants g on g.id = gr.grant_id
    where gr.submission_id = ${submission} for share of g), false)`;
}
