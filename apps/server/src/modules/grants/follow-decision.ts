import { callCurrency, STEP_TYPES, type TDecisionOutcome } from '@impact/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { callSubmissions, calls, grants, steps, stepTypes } from '../../db/schema';
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
      currency: await applicationCurrency(tx, submissionId),
    });
    return;
  }
  if (!existing) return;
  if (existing.status !== 'draft') throw conflict('errors.grants.decisionHasGrant');
  await tx.delete(grants).where(eq(grants.id, existing.id));
}

/**
 * The currency the application's amounts are in: its call's (`callCurrency`: the first budget
 * step's, else euros). Read with the steps' content as text and judged here: a cast to JSON in
 * SQL would meet every step of the call, and a step whose content is not JSON (a results step's
 * empty one) would fail the decision.
 */
async function applicationCurrency(tx: Tx, submissionId: string): Promise<string> {
  const budgetSteps = await tx
    .select({ content: steps.content })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .innerJoin(steps, eq(steps.callTypeId, calls.callTypeId))
    .innerJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
    .where(and(eq(callSubmissions.id, submissionId), eq(stepTypes.name, STEP_TYPES.budget.name)))
    .orderBy(asc(steps.sort));
  return callCurrency(budgetSteps.map((s) => ({ stepType: STEP_TYPES.budget, content: s.content })));
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
