import {
  DEFAULT_LANGUAGE,
  reviewProblems,
  scoreOffScale,
  type TCriterion,
  type TCriterionScore,
  type TFieldError,
  type TReviewDraft,
  type TSaveReviewRequest,
  weightedScore,
  type ZOtherReview,
} from '@impact/domain';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { reviewAssignments, users } from '../../db/schema';
import { AppError, conflict, invalid } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { queueConflictNotice } from './mails';
import { type AssignmentRow, loadAssignmentFor } from './reviewer-access';

export function toDraft(row: AssignmentRow): TReviewDraft {
  return {
    scores: row.scores,
    recommendation: row.recommendation,
    comment: row.comment,
    version: row.version,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * POST Review/DeclareConflict. "No conflict" opens the submission to the reviewer; a conflict
 * takes them off it for good (the row stays, status 'conflict', with the reason) and tells the
 * admin who assigned them, in the same transaction.
 */
export async function declareConflict(
  db: Db,
  user: SessionUser,
  input: { assignmentId: string; conflict: boolean; reason: string },
) {
  await db.transaction(async (tx) => {
    const loaded = await loadAssignmentFor(tx, user, input.assignmentId, {
      forUpdate: true,
      requireDeclaration: false,
      // One who has joined the organization may still say so; never that there is no conflict.
      allowMember: input.conflict,
    });
    const row = loaded.assignment;
    if (row.submittedAt) throw conflict('errors.review.alreadySubmitted');
    if (!input.conflict) {
      if (!row.noConflictAt)
        await tx.update(reviewAssignments).set({ noConflictAt: new Date() }).where(eq(reviewAssignments.id, row.id));
      return;
    }
    await tx
      .update(reviewAssignments)
      .set({ status: 'conflict', conflictReason: input.reason, updatedAt: new Date() })
      .where(eq(reviewAssignments.id, row.id));
    await audit(tx, user, 'review.conflict', row.id, { submissionId: row.submissionId, reason: input.reason });
    if (row.assignedByUserId) {
      const [admin] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.assignedByUserId));
      if (admin) await queueConflictNotice(tx, admin.email, loaded.call, user.email, input.reason, DEFAULT_LANGUAGE);
    }
  });
}

/** Scores of criteria the rubric has, each a whole number on its scale (or not given yet). */
function checkScores(criteria: readonly TCriterion[], scores: readonly TCriterionScore[]) {
  const known = new Map(criteria.map((c) => [c.id, c]));
  const errors: TFieldError[] = [];
  const kept: TCriterionScore[] = [];
  for (const s of scores) {
    const c = known.get(s.criterionId);
    if (!c) continue;
    if (scoreOffScale(c, s.score))
      errors.push({ path: `scores.${c.id}.score`, messageKey: 'errors.review.scoreOutOfScale' });
    kept.push(s);
  }
  if (errors.length) throw invalid(errors);
  return kept;
}

/**
 * PUT Review/SaveReview, the form's autosave. Like the wizard's answers: the write names the
 * version it started from and a stale one is refused (409 staleVersion), so a second tab never
 * overwrites newer scores. A submitted review no longer changes.
 */
export async function saveReview(db: Db, user: SessionUser, input: TSaveReviewRequest): Promise<TReviewDraft> {
  return db.transaction(async (tx) => {
    const { assignment, rubric } = await loadAssignmentFor(tx, user, input.assignmentId, { forUpdate: true });
    if (assignment.submittedAt) throw conflict('errors.review.alreadySubmitted');
    if (assignment.version !== input.version)
      throw new AppError('staleVersion', { messageKey: 'errors.review.staleVersion' });
    const scores = checkScores(rubric.criteria, input.scores);
    const [row] = await tx
      .update(reviewAssignments)
      .set({
        scores,
        recommendation: input.recommendation,
        comment: input.comment,
        version: assignment.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(reviewAssignments.id, assignment.id))
      .returning();
    if (!row) throw new Error('review update failed');
    return toDraft(row);
  });
}

/** POST Review/SubmitReview: the saved draft, complete (every score, required comments, a recommendation). */
export async function submitReview(db: Db, user: SessionUser, input: { assignmentId: string; version: number }) {
  return db.transaction(async (tx) => {
    const { assignment, rubric } = await loadAssignmentFor(tx, user, input.assignmentId, { forUpdate: true });
    if (assignment.submittedAt) throw conflict('errors.review.alreadySubmitted');
    if (assignment.version !== input.version)
      throw new AppError('staleVersion', { messageKey: 'errors.review.staleVersion' });
    const problems = reviewProblems(rubric.criteria, assignment);
    if (problems.length) throw invalid(problems, 'errors.review.incomplete');
    const [row] = await tx
      .update(reviewAssignments)
      .set({ submittedAt: new Date(), updatedAt: new Date() })
      .where(eq(reviewAssignments.id, assignment.id))
      .returning();
    if (!row) throw new Error('review update failed');
    await audit(tx, user, 'review.submit', row.id, {
      submissionId: row.submissionId,
      weightedScore: weightedScore(rubric.criteria, row.scores),
      recommendation: row.recommendation,
    });
    return toDraft(row);
  });
}

/**
 * GET Review/GetOtherReviews: the other submitted reviews of the same submission, anonymous
 * ("Reviewer 1", "Reviewer 2"), only after one's own is submitted so nobody anchors on them.
 */
export async function otherReviews(
  db: Db,
  user: SessionUser,
  assignmentId: string,
): Promise<Array<z.infer<typeof ZOtherReview>>> {
  const { assignment, rubric } = await loadAssignmentFor(db, user, assignmentId);
  if (!assignment.submittedAt) throw conflict('errors.review.submitOwnFirst');
  const rows = await db
    .select()
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.submissionId, assignment.submissionId),
        ne(reviewAssignments.id, assignment.id),
        eq(reviewAssignments.status, 'assigned'),
        isNotNull(reviewAssignments.submittedAt),
      ),
    )
    .orderBy(asc(reviewAssignments.submittedAt));
  return rows.map((r, i) => ({
    reviewer: `#${i + 1}`,
    weightedScore: weightedScore(rubric.criteria, r.scores),
    recommendation: r.recommendation,
    scores: r.scores,
    comment: r.comment,
  }));
}
