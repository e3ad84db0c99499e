import type { TLanguage, TReviewer } from '@impact/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callReviewers, reviewAssignments, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/authentication';
import { audit } from '../audit/record';
import { queueInvitation } from './mails';
import { loadCall } from './rubric';

/** Users the identity provider gave the "reviewer" role (any letter case). */
const hasReviewerRoleSql = sql`exists (select 1 from unnest(${users.roles}) as r where lower(r) = 'reviewer')`;

/**
 * Accepts the invitations addressed to this user's e-mail. Called at every sign-in with the
 * identity the provider vouched for (the relying party refuses unverified e-mail addresses), so
 * only the owner of the invited address becomes the reviewer.
 */
export async function acceptReviewerInvitations(db: Db, user: { id: string; email: string }) {
  await db
    .update(callReviewers)
    .set({ userId: user.id, acceptedAt: new Date() })
    .where(and(eq(callReviewers.email, user.email.trim().toLowerCase()), isNull(callReviewers.userId)));
}

/**
 * POST Review/InviteReviewer: records the invitation and queues its mail, once per address and
 * call (inviting again changes nothing and sends nothing). Someone who has already signed in with
 * that address is a reviewer at once.
 */
export async function inviteReviewer(
  db: Db,
  actor: SessionUser,
  input: { callId: string; email: string; language: TLanguage },
  appUrl: string,
) {
  const email = input.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const call = await loadCall(tx, input.callId);
    const [known] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    const [created] = await tx
      .insert(callReviewers)
      .values({
        callId: call.id,
        email,
        invitedByUserId: actor.id,
        userId: known?.id ?? null,
        acceptedAt: known ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: callReviewers.id });
    if (!created) return;
    await queueInvitation(tx, email, call, input.language, `${appUrl}/review`);
    await audit(tx, actor, 'review.invite', call.id, { email });
  });
  return listReviewers(db, input.callId);
}

/** Active assignments per reviewer in a call (their load). */
async function loads(db: Db | Tx, callId: string) {
  const rows = await db
    .select({ userId: reviewAssignments.reviewerUserId, n: sql<number>`count(*)::int` })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.callId, callId), eq(reviewAssignments.status, 'assigned')))
    .groupBy(reviewAssignments.reviewerUserId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** GET Review/GetReviewers: the call's pool (invited, accepted or not, and role holders) with their load. */
export async function listReviewers(db: Db | Tx, callId: string): Promise<TReviewer[]> {
  await loadCall(db, callId);
  const load = await loads(db, callId);
  const invited = await db
    .select({
      email: callReviewers.email,
      userId: callReviewers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(callReviewers)
    .leftJoin(users, eq(users.id, callReviewers.userId))
    .where(eq(callReviewers.callId, callId));
  const byRole = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(hasReviewerRoleSql);
  const out: TReviewer[] = invited.map((r) => ({
    userId: r.userId,
    email: r.email,
    name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    source: 'invitation',
    accepted: r.userId !== null,
    load: r.userId ? (load.get(r.userId) ?? 0) : 0,
  }));
  const seen = new Set(invited.map((r) => r.userId).filter(Boolean));
  for (const r of byRole) {
    if (seen.has(r.id)) continue;
    out.push({
      userId: r.id,
      email: r.email.toLowerCase(),
      name: `${r.firstName} ${r.lastName}`.trim(),
      source: 'role',
      accepted: true,
      load: load.get(r.id) ?? 0,
    });
  }
  return out.sort((a, b) => a.email.localeCompare(b.email));
}

/** The reviewers who can be assigned now: those with an account. */
export async function assignableReviewers(db: Db | Tx, callId: string) {
  return (await listReviewers(db, callId)).flatMap((r) =>
    r.userId ? [{ userId: r.userId, email: r.email, load: r.load }] : [],
  );
}
