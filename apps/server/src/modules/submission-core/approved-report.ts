import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/**
 * Whether the submission is a grant's report that has been approved (decision 0044): a tranche may
 * have been paid on it, so it is neither reopened nor sent back for changes (409).
 */
export async function isApprovedReport(db: Db | Tx, submissionId: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from grant_reports where submission_id = ${submissionId}::uuid and approved_at is not null`,
  );
  return found.length > 0;
}

/** Whether the submission is a grant's report: what is written about it then speaks of a report. */
export async function isGrantReport(db: Db | Tx, submissionId: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from grant_reports where submission_id = ${submissionId}::uuid`,
  );
  return found.length > 0;
}
