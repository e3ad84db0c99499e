import type { TActualsForecast } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { grantReports, grants } from '../../db/schema';

/**
 * The application a report answers for: the grant's own submission, found from the report's
 * submission, with the impact forecast kept when the grant was accepted. Null for a submission
 * that is not a grant's report (an ordinary application).
 */
export async function applicationOfReport(
  db: Db | Tx,
  reportSubmissionId: string,
): Promise<{
  grantId: string;
  applicationSubmissionId: string;
  callId: string;
  impactForecast: TActualsForecast | null;
  /** The grant's, which its application's amounts are in. */
  currency: string;
} | null> {
  const [row] = await db
    .select({
      grantId: grants.id,
      applicationSubmissionId: grants.submissionId,
      callId: grants.callId,
      impactForecast: grants.impactForecast,
      currency: grants.currency,
    })
    .from(grantReports)
    .innerJoin(grants, eq(grants.id, grantReports.grantId))
    .where(eq(grantReports.submissionId, reportSubmissionId));
  return row ?? null;
}
