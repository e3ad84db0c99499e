import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizationMembers, users } from '../../db/schema';

/**
 * Who hears from the funder about an application (a decision, a request for changes, an
 * invitation to stage 2): the person who submitted it (else who started it) while they are still a
 * member of its organization, and the organization's contact. Someone removed from the team, or
 * who left it, reads nothing more about its application, as the application's routes show them
 * nothing more (loadSubmissionFor). Each address once, compared without letter case; an erased
 * contact's pseudonym (no address) is left out.
 */
export async function applicantRecipients(
  tx: Db | Tx,
  organizationId: string,
  submitter: string | null | undefined,
  contact: string | null | undefined,
): Promise<string[]> {
  const member = submitter?.trim() && (await isMember(tx, organizationId, submitter.trim()));
  const seen = new Map<string, string>();
  for (const address of [member ? submitter : null, contact]) {
    const trimmed = address?.trim();
    if (trimmed?.includes('@') && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

/**
 * The one address a single-recipient notice goes to: the submitter while a member, else the
 * organization's contact; null when neither has an address.
 */
export async function applicantRecipient(
  tx: Db | Tx,
  organizationId: string,
  submitter: string | null | undefined,
  contact: string | null | undefined,
): Promise<string | null> {
  return (await applicantRecipients(tx, organizationId, submitter, contact))[0] ?? null;
}

async function isMember(tx: Db | Tx, organizationId: string, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(sql`lower(trim(${users.email}))`, [email.toLowerCase()]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
