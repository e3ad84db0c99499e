import {
  INVITATION_TTL_MS,
  type TInvitation,
  type TInviteMemberRequest,
  type TWithdrawInvitationRequest,
} from '@impact/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { organizationInvitations, organizationMembers, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { requireRole } from './member-access';
import { languageOf, queueMemberInvitation, queueOwnersNotice } from './member-mails';
import { keepOwnerColumn, lockOrganization } from './members';

/** Open: neither accepted nor withdrawn, and not past its 14 days. */
const isOpen = (now: Date) =>
  and(
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.withdrawnAt),
    gt(organizationInvitations.expiresAt, now),
  );

function toInvitation(row: typeof organizationInvitations.$inferSelect): TInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedAt: row.invitedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invitation mails in a day: an invitation is a mail to any address, with the organization's
 * name (any text its owner typed) in its subject, so neither one person's inbox nor the
 * platform's sending reputation may be spent on it at will. Three a day to one address, whatever
 * the organization (inviting again with another role is the usual reason for a second), and fifty
 * a day from one organization; withdrawn ones count, since their mail went.
 */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const INVITATIONS_PER_ORGANIZATION_PER_DAY = 50;
const DAY_MS = 86_400_000;

async function refuseIfInvitedEnough(tx: Tx, organizationId: string, email: string, now: Date) {
  // Owners of other organizations may invite the same address at the same moment: their counts are
  // taken one after another (this organization's row is already locked by the caller).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitations:${email}`}))`);
  const [sent] = await rows<{
    to_address: number;
    from_organization: number;
    address_oldest: Date | string | null;
    organization_oldest: Date | string | null;
  }>(
    tx,
    sql`
    select count(*) filter (where email = ${email})::int as to_address,
      count(*) filter (where organization_id = ${organizationId}::uuid)::int as from_organization,
      min(invited_at) filter (where email = ${email}) as address_oldest,
      min(invited_at) filter (where organization_id = ${organizationId}::uuid) as organization_oldest
    from organization_invitations
    where invited_at > ${new Date(now.getTime() - DAY_MS)}::timestamptz
      and (email = ${email} or organization_id = ${organizationId}::uuid)`,
  );
  const refusal =
    (sent?.to_address ?? 0) >= INVITATIONS_PER_ADDRESS_PER_DAY
      ? { messageKey: 'errors.organizations.invitedEnoughToday', oldest: sent?.address_oldest }
      : (sent?.from_organization ?? 0) >= INVITATIONS_PER_ORGANIZATION_PER_DAY
        ? { messageKey: 'errors.organizations.invitingTooMuchToday', oldest: sent?.organization_oldest }
        : null;
  if (!refusal) return;
  // When the oldest invitation the refusing limit counted leaves the day; an hour at least.
  const oldest = refusal.oldest ? new Date(refusal.oldest).getTime() : now.getTime();
  const retryAfterSeconds = Math.max(3600, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
  throw new AppError('rateLimited', { messageKey: refusal.messageKey, retryAfterSeconds });
}

/** GET Organization/GetInvitations: the open invitations, for the owners. */
export async function listInvitations(db: Db, user: SessionUser, orgId: string): Promise<TInvitation[]> {
  await requireRole(db, orgId, user.id, 'manage');
  const rows = await db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.organizationId, orgId), isOpen(new Date())))
    .orderBy(asc(organizationInvitations.email));
  return rows.map(toInvitation);
}

/**
 * POST Organization/InviteMember: owners only. Records the invitation and mails it in the
 * invitee's language; an address already a member is a 409; inviting again replaces the open
 * invitation (new role, fresh 14 days, a new mail). Accepted at the invitee's next sign-in with
 * that verified address (`acceptMemberInvitations`), even when they have an account already: a
 * person joins a team by their own act.
 */
export async function inviteMember(db: Db, actor: SessionUser, input: TInviteMemberRequest, appUrl: string) {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const org = await lockOrganization(tx, input.organizationId);
    await requireRole(tx, org.id, actor.id, 'manage');
    const [member] = await tx
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, org.id), eq(sql`lower(${users.email})`, email)));
    if (member) throw conflict('errors.organizations.alreadyMember');
    const now = new Date();
    await refuseIfInvitedEnough(tx, org.id, email, now);
    await tx
      .update(organizationInvitations)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(organizationInvitations.organizationId, org.id),
          eq(organizationInvitations.email, email),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.withdrawnAt),
        ),
      );
    const [row] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId: org.id,
        email,
        role: input.role,
        invitedByUserId: actor.id,
        invitedAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('invitation insert failed');
    const language = await languageOf(tx, email, input.language);
    // The app opens in the mail's language, on the page where one signs in or registers.
    const link = `${appUrl}/?lang=${language}`;
    await queueMemberInvitation(tx, { to: email, organization: org.name, role: input.role, language, link });
    await audit(tx, actor, 'member.invite', org.id, { email, role: input.role });
    await queueOwnersNotice(tx, org.id, org.name, { kind: 'invited', email, role: input.role });
    return toInvitation(row);
  });
}

/** POST Organization/WithdrawInvitation: owners only; a withdrawn invitation is never accepted. */
export async function withdrawInvitation(db: Db, actor: SessionUser, input: TWithdrawInvitationRequest) {
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, input.organizationId);
    await requireRole(tx, org.id, actor.id, 'manage');
    const [row] = await tx
      .update(organizationInvitations)
      .set({ withdrawnAt: new Date() })
      .where(
        and(
          eq(organizationInvitations.id, input.invitationId),
          eq(organizationInvitations.organizationId, org.id),
          isOpen(new Date()),
        ),
      )
      .returning();
    if (!row) throw notFound('errors.organizations.invitationNotFound');
    await audit(tx, actor, 'member.withdraw', org.id, { email: row.email });
    await queueOwnersNotice(tx, org.id, org.name, { kind: 'withdrawn', email: row.email });
  });
}

/**
 * Accepts the open invitations addressed to this user's e-mail. Called at every sign-in with the
 * identity the provider vouched for (the relying party refuses unverified addresses), as
 * reviewers' invitations are, so only the owner of the invited address joins.
 */
export async function acceptMemberInvitations(db: Db, user: { id: string; email: string }) {
  const email = user.email.trim().toLowerCase();
  const now = new Date();
  const open = await db
    .select({ id: organizationInvitations.id, organizationId: organizationInvitations.organizationId })
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.email, email), isOpen(now)));
  for (const invitation of open) {
    await db.transaction(async (tx) => acceptOne(tx, invitation, user, email, now));
  }
}

async function acceptOne(
  tx: Tx,
  invitation: { id: string; organizationId: string },
  user: { id: string; email: string },
  email: string,
  now: Date,
) {
  const org = await lockOrganization(tx, invitation.organizationId);
  const [row] = await tx
    .update(organizationInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(organizationInvitations.id, invitation.id), isOpen(now)))
    .returning();
  if (!row) return;
  // Already a member (joined another way): the invitation is spent, the role stays.
  const [joined] = await tx
    .insert(organizationMembers)
    .values({ organizationId: org.id, userId: user.id, role: row.role, since: now })
    .onConflictDoNothing()
    .returning();
  if (!joined) return;
  await keepOwnerColumn(tx, org.id);
  await audit(tx, user, 'member.join', org.id, { email, role: row.role });
  await queueOwnersNotice(tx, org.id, org.name, { kind: 'joined', email, role: row.role });
}
