import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { callSubmissions, calls, organizations } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { roleIn } from '../organizations/member-access';

/**
 * An applicant may have an RLS token only for an organization they are a member of, and only for a call's
 * user report that organization has a submission to (SPEC 2 "view report"); anything else is a
 * 404, as for any id that is not theirs. Administrators may look at any organization's view.
 */
export async function mayEmbedForOrganization(
  db: Db,
  user: SessionUser,
  input: { workspaceId: string; reportId: string; orgId: string },
) {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!org) throw notFound('errors.organizations.notFound');
  if (user.isAdmin) return;
  // Any member reads the organization's reports.
  if (!(await roleIn(db, input.orgId, user.id))) throw notFound('errors.organizations.notFound');
  const [submission] = await db
    .select({ id: callSubmissions.id })
    .from(callSubmissions)
    .innerJoin(calls, eq(calls.id, callSubmissions.callId))
    .where(
      and(
        eq(callSubmissions.organizationId, input.orgId),
        eq(callSubmissions.closed, true),
        eq(calls.userPowerBiWorkspaceId, input.workspaceId),
        eq(calls.userPowerBiReportId, input.reportId),
      ),
    )
    .limit(1);
  if (!submission) throw notFound('errors.powerBi.reportNotFound');
}
