import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/** Whether the user is a member of an organization that owes a report on this form call. */
export async function owesReportOn(db: Db | Tx, userId: string, formCallId: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    db,
    sql`select 1 as one from grant_report_plans p
          join grant_reports r on r.plan_id = p.id
          join grants g on g.id = r.grant_id
          join organization_members m on m.organization_id = g.organization_id and m.user_id = ${userId}::uuid
         where p.form_call_id = ${formCallId}::uuid
         limit 1`,
  );
  return found.length > 0;
}
