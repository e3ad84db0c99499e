import { reviewIsOpen } from '@impact/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, organizationMembers, reviewAssignments, reviewRubrics, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';

export type AssignmentRow = typeof reviewAssignments.$inferSelect;

/**
 * The reviewer's own active assignment, in a call whose review is open. Anyone else, and the
 * reviewer after declaring a conflict or being unassigned, gets 404: a submission not assigned to
 * you does not exist for you. Admins get no shortcut here: they have their own views.
 */
export async function loadAssignmentFor(
  db: Db | Tx,
  user: SessionUser,
  assignmentId: string,
  options: { forUpdate?: boolean; requireDeclaration?: boolean; allowMember?: boolean } = {},
) {
  const query = db
    .select({ assignment: reviewAssignments, call: calls, rubric: reviewRubrics, submission: callSubmissions })
    .from(reviewAssignments)
    .innerJoin(calls, eq(calls.id, reviewAssignments.callId))
    .innerJoin(reviewRubrics, eq(reviewRubrics.callId, reviewAssignments.callId))
    .innerJoin(callSubmissions, eq(callSubmissions.id, reviewAssignments.submissionId))
    .where(
      and(
        eq(reviewAssignments.id, assignmentId),
        eq(reviewAssignments.reviewerUserId, user.id),
        eq(reviewAssignments.status, 'assigned'),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update', { of: reviewAssignments }) : await query;
  // A submission reopened by an admin is no longer under review.
  if (!row?.submission.closed) throw notFound('errors.review.assignmentNotFound');
  if (!reviewIsOpen(row.call, row.rubric.opensAt)) throw conflict('errors.review.notOpen');
  // Nobody sees a submission before saying they have no conflict of interest with it.
  if (options.requireDeclaration !== false && !row.assignment.noConflictAt)
    throw conflict('errors.review.declareConflictFirst');
  // Independence is judged at assignment (eligibility.ts) and again at every use: a reviewer who
  // has joined the organization since may still declare the conflict, and do nothing else.
  if (!options.allowMember && (await isMemberOf(db, user, row.submission.organizationId)))
    throw conflict('errors.review.joinedOrganization');
  return row;
}

/** A member by account, or by address (a second account of the same person: eligibility.ts). */
async function isMemberOf(db: Db | Tx, user: SessionUser, organizationId: string): Promise<boolean> {
  const [member] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        or(eq(organizationMembers.userId, user.id), sql`lower(trim(${users.email})) = lower(trim(${user.email}))`),
      ),
    )
    .limit(1);
  return member !== undefined;
}
