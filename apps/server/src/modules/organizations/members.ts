import type { TChangeMemberRoleRequest, TMember, TRemoveMemberRequest } from '@impact/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizationMembers, organizations, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { readdressPendingDecisionMails } from '../submission-core/applicant-recipients';
import { requireRole, roleIn } from './member-access';
import { queueOwnersNotice } from './member-mails';

/** GET Organization/GetMembers: any member sees the team, owners first, then by name. */
export async function listMembers(db: Db, user: SessionUser, orgId: string): Promise<TMember[]> {
  await requireRole(db, orgId, user.id, 'read');
  const rows = await db
    .select({
      userId: organizationMembers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: organizationMembers.role,
      since: organizationMembers.since,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, orgId))
    .orderBy(
      sql`case ${organizationMembers.role} when 'owner' then 0 when 'editor' then 1 else 2 end`,
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.email})`),
    );
  return rows.map((r) => ({ ...r, since: r.since.toISOString() }));
}

/**
 * Every membership change starts here: the organization's row locked, so two owners demoting or
 * removing each other at once are judged one after the other and at least one owner remains.
 */
export async function lockOrganization(tx: Tx, orgId: string) {
  const [org] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  if (!org) throw notFound('errors.organizations.notFound');
  return org;
}

async function ownerCount(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.role, 'owner')));
  return Number(row?.n ?? 0);
}

/**
 * `organizations.owner_user_id` keeps naming one of the owners (the longest-standing when the one
 * it named steps down), so the code that reads "the" owner (mails to the applicant, review
 * conflicts, Power BI, erasure) still reaches a person responsible for the organization
 * (docs/decisions/0027-organization-members.md).
 */
export async function keepOwnerColumn(tx: Tx, orgId: string) {
  await tx.execute(sql`
    update organizations o set owner_user_id = (
      select m.user_id from organization_members m
      where m.organization_id = o.id and m.role = 'owner' order by m.since, m.user_id limit 1)
    where o.id = ${orgId} and not exists (
      select 1 from organization_members m
      where m.organization_id = o.id and m.user_id = o.owner_user_id and m.role = 'owner')`);
}

async function emailOf(tx: Tx, userId: string) {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** POST Organization/ChangeMemberRole: owners only; the last owner cannot be demoted (409). */
export async function changeMemberRole(db: Db, actor: SessionUser, input: TChangeMemberRoleRequest) {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, input.organizationId);
    await requireRole(tx, org.id, actor.id, 'manage');
    const current = await roleIn(tx, org.id, input.userId);
    if (!current) throw notFound('errors.organizations.memberNotFound');
    if (current === input.role) return;
    if (current === 'owner' && (await ownerCount(tx, org.id)) <= 1) throw conflict('errors.organizations.lastOwner');
    await tx
      .update(organizationMembers)
      .set({ role: input.role })
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.userId, input.userId)));
    await keepOwnerColumn(tx, org.id);
    const email = await emailOf(tx, input.userId);
    await audit(tx, actor, 'member.role', org.id, { email, from: current, to: input.role });
    await queueOwnersNotice(tx, org.id, org.name, { kind: 'roleChanged', email, role: input.role });
  });
}

/**
 * POST Organization/RemoveMember: an owner removes anyone; any member removes themselves
 * (leaving). The last owner cannot go (409): an organization always keeps one.
 */
export async function removeMember(db: Db, actor: SessionUser, input: TRemoveMemberRequest) {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, input.organizationId);
    const leaving = input.userId === actor.id;
    await requireRole(tx, org.id, actor.id, leaving ? 'read' : 'manage');
    const current = await roleIn(tx, org.id, input.userId);
    if (!current) throw notFound('errors.organizations.memberNotFound');
    if (current === 'owner' && (await ownerCount(tx, org.id)) <= 1) throw conflict('errors.organizations.lastOwner');
    const email = await emailOf(tx, input.userId);
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, org.id), eq(organizationMembers.userId, input.userId)));
    await keepOwnerColumn(tx, org.id);
    if (email) await readdressPendingDecisionMails(tx, org.id, email);
    await audit(tx, actor, leaving ? 'member.leave' : 'member.remove', org.id, { email, role: current });
    await queueOwnersNotice(tx, org.id, org.name, { kind: leaving ? 'left' : 'removed', email });
  });
}

/**
 * Erasure: the person leaves every organization that keeps another member, which then stays with
 * its team (owner_user_id moves on). Where they were the only owner, the longest-standing editor
 * (else viewer) becomes owner first: the team keeps its applications and drafts and someone who
 * may manage them, rather than losing the organization with the person. Only organizations that
 * were theirs alone stay theirs, for the erasure's own rules
 * (docs/decisions/0005-gdpr-erasure-and-pseudonyms.md).
 */
export async function leaveSharedOrganizations(tx: Tx, userIds: string[]) {
  if (!userIds.length) return;
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    update organization_members s set role = 'owner'
    from (
      select distinct on (m.organization_id) m.organization_id, m.user_id
      from organization_members m
      where m.user_id not in (${ids})
        and m.organization_id in (
          select organization_id from organization_members where user_id in (${ids}) and role = 'owner')
        and not exists (
          select 1 from organization_members o
          where o.organization_id = m.organization_id and o.role = 'owner' and o.user_id not in (${ids}))
      order by m.organization_id, (m.role = 'editor') desc, m.since, m.user_id
    ) heir
    where s.organization_id = heir.organization_id and s.user_id = heir.user_id`);
  const left = (await tx.execute(sql`
    delete from organization_members m
    where m.user_id in (${ids}) and exists (
      select 1 from organization_members o
      where o.organization_id = m.organization_id and o.role = 'owner' and o.user_id not in (${ids}))
    returning m.organization_id`)) as unknown as { rows: Array<{ organization_id: string }> };
  for (const orgId of new Set(left.rows.map((r) => r.organization_id))) await keepOwnerColumn(tx, orgId);
}
