import { emailAllowedByFilter, roleAllows, type TMemberNeed, type TMemberRole } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, organizationMembers } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';

export type SubmissionRow = typeof callSubmissions.$inferSelect;
export type CallRow = typeof calls.$inferSelect;

/**
 * A submission the user may touch: a member of its organization whose role allows `need`
 * ('write' unless said otherwise: a forgotten reader refuses a viewer rather than letting one
 * write), or an admin when `allowAdmin`. A non-member gets 404, so ids of others' submissions
 * reveal nothing; a member whose role is too small 403. The role is read in this very query,
 * so a removed or demoted member is refused at their next request.
 */
export async function loadSubmissionFor(
  db: Db | Tx,
  user: SessionUser,
  submissionId: string,
  options: { allowAdmin?: boolean; forUpdate?: boolean; need?: TMemberNeed } = {},
): Promise<{ submission: SubmissionRow; call: CallRow; role: TMemberRole | null }> {
  const query = db
    .select({ submission: callSubmissions, call: calls, role: organizationMembers.role })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .leftJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, callSubmissions.organizationId),
        eq(organizationMembers.userId, user.id),
      ),
    )
    .where(and(eq(callSubmissions.id, submissionId)));
  const [row] = options.forUpdate ? await query.for('update', { of: callSubmissions }) : await query;
  if (!row) throw notFound('errors.submissions.notFound');
  // `role`: the caller's in the organization; null for an admin reading without being a member.
  if (options.allowAdmin && user.isAdmin) return { submission: row.submission, call: row.call, role: row.role };
  // Members only, and only while the call's e-mail filter still lets them in.
  if (!row.role || !emailAllowedByFilter(row.call, user.email)) throw notFound('errors.submissions.notFound');
  if (!roleAllows(row.role, options.need ?? 'write')) throw forbidden('errors.organizations.roleTooLow');
  return { submission: row.submission, call: row.call, role: row.role };
}

/** SPEC 4 "Call status": open while now lies between opening and closing. */
export function isCallOpen(call: CallRow, now = new Date()): boolean {
  return call.openingAt.getTime() <= now.getTime() && now.getTime() <= call.closingAt.getTime();
}

/**
 * Submitted: the stage the submission is in has been closed by its Submit. Stage 1: `closed`;
 * invited to stage 2 (decision 0034) the application stays closed while that stage is written, so
 * stage 2: `stage_closed_at`.
 */
export function isStageSubmitted(submission: {
  stage: number;
  closed: boolean;
  stageClosedAt: Date | string | null;
}): boolean {
  return submission.stage === 2 ? submission.stageClosedAt !== null : submission.closed;
}

/** Results of a locked call stay hidden from applicants until the lock ends (SPEC 1, 4). */
export function isCallLocked(call: Pick<CallRow, 'callLockEnd'>, now = new Date()): boolean {
  return call.callLockEnd !== null && call.callLockEnd.getTime() > now.getTime();
}
