import { emailDomain } from '@impact/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, organizationMembers, organizations, reviewAssignments, users } from '../../db/schema';
import { ownMailDomain } from './own-mail-domain';

/**
 * Who may not review an organization's submissions: its members (the owner's account, every
 * account that wrote one of its submissions, and their e-mail addresses with the contact's), the
 * contact's e-mail domain (its own, not a public provider's: `ownMailDomain`), and every reviewer who declared a conflict on any of its submissions.
 * The e-mail addresses matter on their own: the same person may hold a second account (another
 * identity provider, or a personal address) that is not the owner's account.
 */
export type Exclusions = {
  memberUserIds: Set<string>;
  memberEmails: Set<string>;
  contactDomain: string;
  conflictUserIds: Set<string>;
};

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The exclusions of each organization, in four queries whatever their number. */
export async function exclusionsOf(db: Db | Tx, organizationIds: readonly string[]): Promise<Map<string, Exclusions>> {
  const ids = [...new Set(organizationIds)];
  const out = new Map<string, Exclusions>();
  if (!ids.length) return out;
  const orgs = await db
    .select({
      id: organizations.id,
      contactEmail: organizations.contactEmail,
      ownerUserId: organizations.ownerUserId,
      ownerEmail: users.email,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(inArray(organizations.id, ids));
  for (const o of orgs)
    out.set(o.id, {
      memberUserIds: new Set([o.ownerUserId]),
      memberEmails: new Set([normalEmail(o.ownerEmail), normalEmail(o.contactEmail)].filter(Boolean)),
      contactDomain: ownMailDomain(o.contactEmail),
      conflictUserIds: new Set(),
    });
  // Everyone on the organization's team, whatever their role.
  const members = await db
    .select({ organizationId: organizationMembers.organizationId, userId: users.id, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(organizationMembers.organizationId, ids));
  for (const m of members) {
    out.get(m.organizationId)?.memberUserIds.add(m.userId);
    out.get(m.organizationId)?.memberEmails.add(normalEmail(m.email));
  }
  const authors = await db
    .selectDistinct({ organizationId: callSubmissions.organizationId, userId: users.id, email: users.email })
    .from(callSubmissions)
    .innerJoin(users, eq(users.id, callSubmissions.createdByUserId))
    .where(inArray(callSubmissions.organizationId, ids));
  for (const a of authors) {
    out.get(a.organizationId)?.memberUserIds.add(a.userId);
    out.get(a.organizationId)?.memberEmails.add(normalEmail(a.email));
  }
  const conflicts = await db
    .selectDistinct({ organizationId: callSubmissions.organizationId, userId: reviewAssignments.reviewerUserId })
    .from(reviewAssignments)
    .innerJoin(callSubmissions, eq(callSubmissions.id, reviewAssignments.submissionId))
    .where(and(inArray(callSubmissions.organizationId, ids), eq(reviewAssignments.status, 'conflict')));
  for (const c of conflicts) out.get(c.organizationId)?.conflictUserIds.add(c.userId);
  return out;
}

/**
 * Why this reviewer may not review the organization's submission (a message key for the 409), or
 * null when they may. The same answer for manual and automatic assignment.
 */
export function refusalFor(reviewer: { userId: string; email: string }, exclusions: Exclusions | undefined) {
  if (!exclusions) return null;
  if (exclusions.memberUserIds.has(reviewer.userId)) return 'errors.review.ownSubmission';
  if (exclusions.memberEmails.has(normalEmail(reviewer.email))) return 'errors.review.memberOfOrganization';
  if (exclusions.conflictUserIds.has(reviewer.userId)) return 'errors.review.declaredConflict';
  if (exclusions.contactDomain && emailDomain(reviewer.email) === exclusions.contactDomain)
    return 'errors.review.sameDomain';
  return null;
}
