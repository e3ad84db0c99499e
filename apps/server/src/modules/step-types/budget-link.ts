import {
  budgetCostOf,
  DEFAULT_SROI_PARAMS,
  estimateMiniDyi,
  isJsonObject,
  parseImpactStepContent,
  parseJson,
  parseMiniDyiAnswer,
  STEP_TYPES,
  type TStep,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { StepVersion, WriteContext } from './types';

/**
 * The impact step's investment is the budget step's total cost when the call has both (decision
 * 0041): the applicant types it once, in the budget, and the SROI divides by it. Both sides are
 * kept here: an impact write takes the cost of the submission's budget, a budget write rewrites
 * the submission's impact answer and its score.
 */

type SiblingRow = { id: string; content: string; answer: string | null; version: number | null; sort: number };

/** The steps of the given type in the same call type as `stepId`, with this submission's answers. */
function siblings(db: Db | Tx, stepId: string, typeName: string, submissionId: string) {
  return rows<SiblingRow>(
    db,
    sql`
    select s2.id, s2.content, r.content as answer, r.version, s2.sort
    from steps s1
    join steps s2 on s2.call_type_id = s1.call_type_id
    join step_types t on t.id = s2.step_type_id and t.name = ${typeName}
    left join step_results r on r.step_id = s2.id and r.call_submission_id = ${submissionId}::uuid
    where s1.id = ${stepId}::uuid
    order by s2.sort`,
  );
}

/**
 * The investment an impact step of this submission must show: the first budget step's total
 * cost (0 before any line), or undefined when the call has no budget step (the applicant types it).
 */
export async function linkedInvestment(db: Db | Tx, impactStepId: string, submissionId: string) {
  const [budget] = await siblings(db, impactStepId, STEP_TYPES.budget.name, submissionId);
  if (!budget) return undefined;
  return budgetCostOf(budget.content, budget.answer ?? undefined) ?? 0;
}

/** An impact answer with its budget replaced by the budget step's cost, when the call has one. */
export async function impactContentWithBudget(db: Db | Tx, impactStepId: string, content: string, ctx?: WriteContext) {
  if (!ctx) return content;
  const investment = await linkedInvestment(db, impactStepId, ctx.submissionId);
  const json = parseJson(content);
  if (investment === undefined || !isJsonObject(json)) return content;
  return JSON.stringify({ ...json, budget: investment });
}

/**
 * After a budget write: the submission's impact answers take the cost of the budget as stored, and
 * their SROI is recomputed. The submission's row is locked first, as every write of an answer locks
 * it (guarded-write.ts), so the budget and impact answers read here are the latest committed and
 * none can change before this rewrite commits: two budget saves racing leave the impact step with
 * the cost of the one stored last (not of the one whose rewrite ran last), and an impact answer
 * saved from another tab is kept, its cost replaced. `_content` is the budget answer just written:
 * the stored one is read again under the lock instead, since a later save may already have replaced it.
 */
export async function linkImpactToBudget(
  db: Db | Tx,
  budgetStep: TStep,
  _content: string,
  ctx: WriteContext,
): Promise<StepVersion[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from call_submissions where id = ${ctx.submissionId}::uuid for update`);
    const [first] = await siblings(tx, budgetStep.id, STEP_TYPES.budget.name, ctx.submissionId);
    // Only the first budget step of a call feeds the impact step.
    if (first?.id !== budgetStep.id) return [];
    const cost = budgetCostOf(first.content, first.answer ?? undefined) ?? 0;
    const rewritten: StepVersion[] = [];
    for (const impact of await impactSiblings(tx, budgetStep.id, ctx.submissionId)) {
      const written = await impactAnswerWithCost(tx, impact, cost, ctx);
      if (typeof written === 'number') rewritten.push({ stepId: impact.id, version: written });
    }
    return rewritten;
  });
}

/**
 * The impact answer `impact` as read, with `cost` as its investment and its SROI recomputed: its
 * new version; true when it needed no change; false when the answer is no longer the version read
 * (nothing written: read it again).
 */
export async function impactAnswerWithCost(
  db: Db | Tx,
  impact: SiblingRow,
  cost: number,
  ctx: WriteContext,
): Promise<number | boolean> {
  const answer = parseMiniDyiAnswer(impact.answer ?? undefined);
  if (!answer || answer.budget === cost || impact.version === null) return true;
  const next = { ...answer, budget: cost };
  const params = parseImpactStepContent(impact.content)?.sroiParams ?? DEFAULT_SROI_PARAMS;
  const score = estimateMiniDyi(next, params).central.ratio;
  // A new version, so an impact page open elsewhere reloads it rather than writing the old figure back.
  // No author: the figure came from the budget, not from whoever last wrote the impact answer (a
  // page meeting this version must not say they, or "you", saved it).
  const [updated] = await rows<{ version: number }>(
    db,
    sql`
    update step_results set content = ${JSON.stringify(next)}, score = ${score}::double precision,
      version = version + 1, updated_at = now(), updated_by_user_id = null
    where step_id = ${impact.id}::uuid and call_submission_id = ${ctx.submissionId}::uuid
      and version = ${impact.version}::int
    returning version`,
  );
  return updated ? updated.version : false;
}

/** The impact steps of the call of `budgetStepId`, with this submission's answers and their versions. */
export const impactSiblings = (db: Db | Tx, budgetStepId: string, submissionId: string) =>
  siblings(db, budgetStepId, STEP_TYPES.miniDyi.name, submissionId);
