import { emailAllowedByFilter } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, organizations } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';

export type SubmissionRow = typeof callSubmissions.$inferSelect;
export type CallRow = typeof calls.$inferSelect;

/**
 * A submission the user may touch: the owner of its organization, or an admin when `allowAdmin`.
 * Anyone else gets 404, so ids of others' submissions reveal nothing.
 */
export async function loadSubmissionFor(
  db: Db | Tx,
  user: SessionUser,
  submissionId: string,
  options: { allowAdmin?: boolean; forUpdate?: boolean } = {},
): Promise<{ submission: SubmissionRow; call: CallRow }> {
  const query = db
    .select({ submission: callSubmissions, call: calls, ownerUserId: organizations.ownerUserId })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .where(and(eq(callSubmissions.id, submissionId)));
  const [row] = options.forUpdate ? await query.for('update', { of: callSubmissions }) : await query;
  if (!row) throw notFound('errors.submissions.notFound');
  const asAdmin = options.allowAdmin && user.isAdmin;
  // The owner only, and only while the call's e-mail filter still lets them in.
  const allowed = asAdmin || (row.ownerUserId === user.id && emailAllowedByFilter(row.call, user.email));
  if (!allowed) throw notFound('errors.submissions.notFound');
  return { submission: row.submission, call: row.call };
}

/** SPEC 4 "Call status": open while now lies between opening and closing. */
export function isCallOpen(call: CallRow, now = new Date()): boolean {
  return call.openingAt.getTime() <= now.getTime() && now.getTime() <= call.closingAt.getTime();
}

/** Results of a locked call stay hidden from applicants until the lock ends (SPEC 1, 4). */
export function isCallLocked(call: CallRow, now = new Date()): boolean {
  return call.callLockEnd !== null && call.callLockEnd.getTime() > now.getTime();
}
