import { emailDomain, planAutoAssignment, type TAssignmentRow } from '@impact/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, organizations, reviewAssignments, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { exclusionsOf, refusalFor } from './eligibility';
import { assignableReviewers } from './reviewers';
import { loadCall, requireRubric } from './rubric';

/** The call's closed submissions with what assignment needs to know of their organization. */
async function closedSubmissions(db: Db | Tx, callId: string) {
  return db
    .select({
      id: callSubmissions.id,
      organizationId: callSubmissions.organizationId,
      organizationName: organizations.name,
      contactEmail: organizations.contactEmail,
      ownerUserId: organizations.ownerUserId,
      createdByUserId: callSubmissions.createdByUserId,
    })
    .from(callSubmissions)
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .where(and(eq(callSubmissions.callId, callId), eq(callSubmissions.closed, true)))
    .orderBy(asc(organizations.name), asc(callSubmissions.id));
}

async function assignmentsOf(db: Db | Tx, callId: string) {
  return db
    .select({
      id: reviewAssignments.id,
      submissionId: reviewAssignments.submissionId,
      reviewerUserId: reviewAssignments.reviewerUserId,
      reviewerEmail: users.email,
      status: reviewAssignments.status,
      conflictReason: reviewAssignments.conflictReason,
      submittedAt: reviewAssignments.submittedAt,
    })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerUserId))
    .where(eq(reviewAssignments.callId, callId))
    .orderBy(asc(reviewAssignments.createdAt));
}

/** GET Review/GetAssignments: every closed submission of the call with its reviewers. */
export async function listAssignments(db: Db | Tx, callId: string): Promise<TAssignmentRow[]> {
  await loadCall(db, callId);
  const subs = await closedSubmissions(db, callId);
  const all = await assignmentsOf(db, callId);
  return subs.map((s) => ({
    submissionId: s.id,
    organizationName: s.organizationName,
    contactDomain: emailDomain(s.contactEmail),
    assignments: all
      .filter((a) => a.submissionId === s.id)
      .map((a) => ({
        id: a.id,
        reviewerUserId: a.reviewerUserId,
        reviewerEmail: a.reviewerEmail,
        status: a.status,
        conflictReason: a.conflictReason,
        submitted: a.submittedAt !== null,
      })),
  }));
}

/**
 * POST Review/Assign: one reviewer to one closed submission of the call, by hand. The same rules as
 * the automatic assignment (eligibility.ts): a reviewer of the pool, neither a member of the
 * organization by account or e-mail, nor of its contact's domain, nor one who declared a conflict
 * with it.
 */
export async function assignReviewer(
  db: Db,
  actor: SessionUser,
  input: { callId: string; submissionId: string; reviewerUserId: string },
) {
  await db.transaction(async (tx) => {
    await loadCall(tx, input.callId);
    const sub = (await closedSubmissions(tx, input.callId)).find((s) => s.id === input.submissionId);
    if (!sub) throw notFound('errors.submissions.notFound');
    const reviewer = (await assignableReviewers(tx, input.callId)).find((r) => r.userId === input.reviewerUserId);
    if (!reviewer) throw notFound('errors.review.reviewerNotFound');
    const refusal = refusalFor(reviewer, (await exclusionsOf(tx, [sub.organizationId])).get(sub.organizationId));
    if (refusal) throw conflict(refusal);
    const [created] = await tx
      .insert(reviewAssignments)
      .values({
        callId: input.callId,
        submissionId: sub.id,
        reviewerUserId: reviewer.userId,
        assignedByUserId: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: reviewAssignments.id });
    if (!created) throw conflict('errors.review.alreadyAssigned');
    await audit(tx, actor, 'review.assign', created.id, {
      submissionId: sub.id,
      reviewer: reviewer.email,
      automatic: false,
    });
  });
  return listAssignments(db, input.callId);
}

/** POST Review/Unassign: a reviewer comes off a submission, unless their review is already submitted. */
export async function unassignReviewer(db: Db, actor: SessionUser, assignmentId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviewAssignments).where(eq(reviewAssignments.id, assignmentId)).for('update');
    if (!row) throw notFound('errors.review.assignmentNotFound');
    if (row.submittedAt) throw conflict('errors.review.alreadySubmitted');
    await tx.delete(reviewAssignments).where(eq(reviewAssignments.id, assignmentId));
    await audit(tx, actor, 'review.unassign', assignmentId, { submissionId: row.submissionId });
    return listAssignments(tx, row.callId);
  });
}

/**
 * POST Review/AutoAssign: fills every closed submission up to the rubric's reviewers per
 * submission (planAutoAssignment: balanced load, never the organization's contact domain), skipping
 * whoever the manual assignment would refuse.
 * Run again after a conflict to replace the reviewer who stepped down.
 */
export async function autoAssign(db: Db, actor: SessionUser, callId: string) {
  return db.transaction(async (tx) => {
    await loadCall(tx, callId);
    // Locked: two admins pressing at once plan one after the other, so no submission gets more than N.
    const rubric = await requireRubric(tx, callId, true);
    const subs = await closedSubmissions(tx, callId);
    const existing = await assignmentsOf(tx, callId);
    const reviewers = await assignableReviewers(tx, callId);
    const exclusions = await exclusionsOf(
      tx,
      subs.map((s) => s.organizationId),
    );
    const plan = planAutoAssignment(
      subs.map((s) => {
        const mine = existing.filter((a) => a.submissionId === s.id);
        return {
          id: s.id,
          contactDomain: exclusions.get(s.organizationId)?.contactDomain ?? '',
          applicantUserIds: [s.ownerUserId, s.createdByUserId],
          taken: mine.map((a) => a.reviewerUserId),
          // Members by account or e-mail, and who declared a conflict with the organization: skipped
          // (the contact's domain is the plan's own rule, so the result can say which kept whom off).
          excluded: reviewers
            .filter((r) => {
              const refusal = refusalFor(r, exclusions.get(s.organizationId));
              return refusal !== null && refusal !== 'errors.review.sameDomain';
            })
            .map((r) => r.userId),
          active: mine.filter((a) => a.status === 'assigned').length,
        };
      }),
      reviewers,
      rubric.reviewersPerSubmission,
    );
    for (const pair of plan.pairs) {
      const [created] = await tx
        .insert(reviewAssignments)
        .values({ callId, ...pair, assignedByUserId: actor.id })
        .onConflictDoNothing()
        .returning({ id: reviewAssignments.id });
      if (created)
        await audit(tx, actor, 'review.assign', created.id, {
          submissionId: pair.submissionId,
          reviewerUserId: pair.reviewerUserId,
          automatic: true,
        });
    }
    return { created: plan.pairs.length, unfilled: plan.unfilled, reasons: plan.reasons };
  });
}
