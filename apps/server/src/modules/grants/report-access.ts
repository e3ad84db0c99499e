import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/**
 * The grant whose report this form call is, when the user is a member of an organization that
 * owes it (the one they work for, if several); null otherwise.
 */
export async function reportGrantOn(
  db: Db | Tx,
  userId: string,
  formCallId: string,
  organizationId: string | null,
): Promise<string | null> {
  const [found] = await rows<{ grant_id: string }>(
    db,
    sql`select g.id as grant_id from grant_report_plans p
          join grant_reports r on r.plan_id = p.id
          join grants g on g.id = r.grant_id
          join organization_members m on m.organization_id = g.organization_id and m.user_id = ${userId}::uuid
         where p.form_call_id = ${formCallId}::uuid
         -- The organization the reader works for first, when a member of two grantees of one call.
         order by (g.organization_id = ${organizationId}::uuid) desc nulls last
         limit 1`,
  );
  return found?.grant_id ?? null;
}
