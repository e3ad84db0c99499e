import { roleAllows, type TMemberNeed, type TMemberRole } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizationMembers } from '../../db/schema';
import { forbidden, notFound } from '../../lib/app-error';

/** The user's role in the organization, read in the caller's transaction; null for a non-member. */
export async function roleIn(db: Db | Tx, orgId: string, userId: string): Promise<TMemberRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, userId)));
  return row?.role ?? null;
}

/**
 * The caller's role when it allows `need`. A non-member gets 404 (ids of others' organizations
 * reveal nothing); a member whose role is too small 403 with `errors.organizations.roleTooLow`.
 */
export async function requireRole(db: Db | Tx, orgId: string, userId: string, need: TMemberNeed) {
  const role = await roleIn(db, orgId, userId);
  return assertRole(role, need);
}

/** The same judgement on a role already read (a join in the caller's own query). */
export function assertRole(role: TMemberRole | null, need: TMemberNeed): TMemberRole {
  if (!role) throw notFound('errors.organizations.notFound');
  if (!roleAllows(role, need)) throw forbidden('errors.organizations.roleTooLow');
  return role;
}
