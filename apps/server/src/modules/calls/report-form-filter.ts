import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * A report is written by the grantee's members the application's call lets in: its form call takes
 * that call's e-mail filter, so every rule that reads a submission's call (opening it, saving,
 * Submit, its messages and their mail) applies it to the report as well. Called where the filter or
 * the plan's form calls change; a form's own editor keeps it (service.ts).
 */
export async function formCallsFollowFilter(tx: Tx, callId: string) {
  await tx.execute(sql`
    update calls f set is_user_filter_enable = c.is_user_filter_enable, user_filter_email = c.user_filter_email
      from grant_report_plans p join calls c on c.id = p.call_id
     where p.call_id = ${callId}::uuid and f.id = p.form_call_id
       and (f.is_user_filter_enable, f.user_filter_email) is distinct from (c.is_user_filter_enable, c.user_filter_email)`);
}
