import type { TRubric, TRubricResponse } from '@impact/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calls, reviewAssignments, reviewRubrics } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';

export type RubricRow = typeof reviewRubrics.$inferSelect;
export type CallRow = typeof calls.$inferSelect;

export async function loadCall(db: Db | Tx, callId: string): Promise<CallRow> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || call.draft) throw notFound('errors.calls.notFound');
  return call;
}

export async function rubricOf(db: Db | Tx, callId: string): Promise<RubricRow | null> {
  const [row] = await db.select().from(reviewRubrics).where(eq(reviewRubrics.callId, callId));
  return row ?? null;
}

/** A call's rubric, or 409 when the admin has not written one yet (nothing to review against). */
export async function requireRubric(db: Db | Tx, callId: string, forUpdate = false): Promise<RubricRow> {
  const query = db.select().from(reviewRubrics).where(eq(reviewRubrics.callId, callId));
  const [rubric] = forUpdate ? await query.for('update') : await query;
  if (!rubric) throw conflict('errors.review.noRubric');
  return rubric;
}

async function anySubmitted(db: Db | Tx, callId: string) {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.callId, callId), isNotNull(reviewAssignments.submittedAt)))
    .limit(1);
  return Boolean(row);
}

function toRubric(row: RubricRow): TRubric {
  return {
    callId: row.callId,
    blind: row.blind,
    opensAt: row.opensAt?.toISOString() ?? null,
    reviewersPerSubmission: row.reviewersPerSubmission,
    criteria: row.criteria,
  };
}

export async function getRubric(db: Db, callId: string): Promise<TRubricResponse> {
  const call = await loadCall(db, callId);
  const row = await rubricOf(db, callId);
  return {
    rubric: row ? toRubric(row) : null,
    locked: await anySubmitted(db, callId),
    callClosingAt: call.closingAt.toISOString(),
  };
}

const sameCriteria = (a: TRubric['criteria'], b: TRubric['criteria']) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PUT Review/SaveRubric. Once a review is submitted the criteria stay as they are (the submitted
 * scores were given against them); blind, opening date and reviewers per submission may still change.
 */
export async function saveRubric(db: Db, actor: AuditActor, rubric: TRubric): Promise<TRubricResponse> {
  await db.transaction(async (tx) => {
    await loadCall(tx, rubric.callId);
    const existing = await rubricOf(tx, rubric.callId);
    if (existing && !sameCriteria(existing.criteria, rubric.criteria) && (await anySubmitted(tx, rubric.callId)))
      throw conflict('errors.review.rubricLocked');
    const values = {
      blind: rubric.blind,
      opensAt: rubric.opensAt ? new Date(rubric.opensAt) : null,
      reviewersPerSubmission: rubric.reviewersPerSubmission,
      criteria: rubric.criteria,
      updatedAt: new Date(),
    };
    await tx
      .insert(reviewRubrics)
      .values({ callId: rubric.callId, ...values })
      .onConflictDoUpdate({ target: reviewRubrics.callId, set: values });
    await audit(tx, actor, 'review.rubric', rubric.callId, {
      criteria: rubric.criteria.length,
      blind: rubric.blind,
      reviewersPerSubmission: rubric.reviewersPerSubmission,
    });
  });
  return getRubric(db, rubric.callId);
}
