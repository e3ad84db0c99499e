import { DEFAULT_CURRENCY, type TDecisionOutcome } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { callSubmissions, grants } from '../../db/schema';
import { conflict } from '../../lib/app-error';

/**
 * Keeps a submission's grant in step with its decision, in the decision's transaction: an accepted
 * outcome makes the grant (in `draft`, the amount the application asked for); another outcome
 * (or none: the decision withdrawn) removes a grant still in draft. Once its letter has been sent the grant is a promise to the
 * grantee, so the decision can no longer move away from "accepted" (409): the grant is declined or
 * closed instead.
 */
export async function followDecision(tx: Tx, submissionId: string, outcome: TDecisionOutcome | null): Promise<void> {
  const [existing] = await tx
    .select({ id: grants.id, status: grants.status })
    .from(grants)
    .where(eq(grants.submissionId, submissionId))
    .for('update');
  if (outcome === 'accepted') {
    if (existing) return;
    await tx.insert(grants).values({
      submissionId,
      organizationId: sql`(select ${callSubmissions.organizationId} from ${callSubmissions} where ${callSubmissions.id} = ${submissionId})`,
      callId: sql`(select ${callSubmissions.callId} from ${callSubmissions} where ${callSubmissions.id} = ${submissionId})`,
      amount: sql`${requestedAmount(submissionId)}`,
      currency: sql`${applicationCurrency(submissionId)}`,
    });
    return;
  }
  if (!existing) return;
  if (existing.status !== 'draft') throw conflict('errors.grants.decisionHasGrant');
  await tx.delete(grants).where(eq(grants.id, existing.id));
}

/**
 * The currency the application's amounts are in: its call's first budget step's, else euros
 * (`callCurrency` in the domain, as SQL; a budget step's content was checked when saved).
 */
function applicationCurrency(submissionId: string) {
  return sql`coalesce(
    (select s.content::jsonb ->> 'currency'
       from call_submissions cs
       join calls c on c.id = cs.call_id
       join steps s on s.call_type_id = c.call_type_id
       join step_types st on st.id = s.step_type_id
      where cs.id = ${submissionId} and st.name = 'budget' and s.content::jsonb ->> 'currency' ~ '^[A-Z]{3}$'
      order by s.sort limit 1),
    ${DEFAULT_CURRENCY})`;
}

/**
 * What the application asked for: the budget step's requested amount (cost less co-funding, as the
 * server computed it; decision 0041), else the impact step's budget (the project's cost as the
 * applicant gave it), rounded to cents; 0 when it gave neither, never above what a grant holds.
 * The admin edits it before the letter.
 */
function requestedAmount(submissionId: string) {
  return sql`least(999999999999.99, coalesce(
    (select (sr.content::jsonb -> 'totals' ->> 'requested')::numeric
       from step_results sr
       join steps s on s.id = sr.step_id
       join step_types st on st.id = s.step_type_id
      where sr.call_submission_id = ${submissionId} and st.name = 'budget'
        and jsonb_typeof(sr.content::jsonb -> 'totals' -> 'requested') = 'string'
      order by s.sort limit 1),
    (select round(sum(budget)::numeric, 2) from report_impact_answers where call_submission_id = ${submissionId}),
    0))`;
}
