import type { TSubmissionListItem } from '@impact/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, calls, organizations, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';

export type SubmissionFilters = { callId?: string | undefined; closed?: boolean | undefined };

/** GET Call/GetSubmissions (admin): every submission with its call, organization and author. */
export async function listSubmissions(db: Db, filters: SubmissionFilters = {}): Promise<TSubmissionListItem[]> {
  const where: SQL[] = [];
  if (filters.callId) where.push(eq(callSubmissions.callId, filters.callId));
  if (filters.closed !== undefined) where.push(eq(callSubmissions.closed, filters.closed));
  const rows = await db
    .select({
      s: callSubmissions,
      callName: calls.name,
      orgName: organizations.name,
      email: users.email,
      first: users.firstName,
      last: users.lastName,
    })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .innerJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(callSubmissions.updatedAt));
  return rows.map((r) => ({
    id: r.s.id,
    callId: r.s.callId,
    callName: r.callName,
    organizationId: r.s.organizationId,
    organizationName: r.orgName,
    userEmail: r.email,
    userName: `${r.first} ${r.last}`.trim(),
    closed: r.s.closed,
    createdAt: r.s.createdAt.toISOString(),
    updatedAt: r.s.updatedAt.toISOString(),
    closedAt: r.s.closedAt?.toISOString() ?? null,
  }));
}

/** POST CallSubmission/ReOpenSubmission: the applicant can edit again (SPEC 4). */
export async function reopenSubmission(db: Db, submissionId: string) {
  const [row] = await db
    .update(callSubmissions)
    .set({ closed: false, closedAt: null, updatedAt: new Date() })
    .where(eq(callSubmissions.id, submissionId))
    .returning({ id: callSubmissions.id });
  if (!row) throw notFound('errors.submissions.notFound');
}

/** POST CallSubmission/DeleteSubmission: answers and files go with it (one transaction, cascades). */
export async function deleteSubmission(db: Db, submissionId: string) {
  const [row] = await db
    .delete(callSubmissions)
    .where(eq(callSubmissions.id, submissionId))
    .returning({ id: callSubmissions.id });
  if (!row) throw notFound('errors.submissions.notFound');
}
