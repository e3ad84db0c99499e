import { emailAllowedByFilter, type TMemberNeed, type TMemberRole } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calls, grants, organizationMembers } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { assertRole } from '../organizations/member-access';

export type GrantRow = typeof grants.$inferSelect;

/**
 * A grant as its caller may see it: an administrator (the funder's side) or a member of the
 * grantee organization with a role that allows `need`. Anyone else gets the 404 of a grant that
 * does not exist; so do members while the grant is a draft (the funder's, until its letter is sent),
 * and members the call's e-mail filter leaves out. `forUpdate` locks the row for the caller's transaction (two admins, or an admin
 * editing while the grantee accepts, never interleave).
 */
export async function loadGrantFor(
  db: Db | Tx,
  user: SessionUser,
  grantId: string,
  options: { need: TMemberNeed; membersOnly?: boolean; forUpdate?: boolean },
): Promise<{ grant: GrantRow; role: TMemberRole | null }> {
  const query = db
    .select({
      grant: grants,
      role: organizationMembers.role,
      filter: { isUserFilterEnable: calls.isUserFilterEnable, userFilterEmail: calls.userFilterEmail },
    })
    .from(grants)
    .innerJoin(calls, eq(calls.id, grants.callId))
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, grants.organizationId), eq(organizationMembers.userId, user.id)),
    )
    .where(eq(grants.id, grantId));
  const [row] = options.forUpdate ? await query.for('update', { of: grants }) : await query;
  if (!row) throw notFound('errors.grants.notFound');
  if (user.isAdmin && !options.membersOnly) return { grant: row.grant, role: row.role };
  // As the application (submission-core/access.ts): a member the call's e-mail filter leaves out
  // neither reads its grant nor answers its award letter.
  if (!row.role || row.grant.status === 'draft' || !emailAllowedByFilter(row.filter, user.email))
    throw notFound('errors.grants.notFound');
  return { grant: row.grant, role: assertRole(row.role, options.need) };
}
