import { emailAllowedByFilter } from '@impact/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { organizationMembers, users } from '../../db/schema';
import { distinctAddresses } from '../../lib/mail-addresses';

/** What decides who hears from the funder about one application. */
export type ApplicantNotice = {
  organizationId: string;
  /** The call's e-mail filter, as `loadSubmissionFor` applies it. */
  call: { isUserFilterEnable: boolean; userFilterEmail: string };
  /** Who submitted it, then who started it: the first still entitled to read it hears it. */
  submitters: Array<string | null | undefined>;
  contact: string | null | undefined;
};

/**
 * Who hears from the funder about an application (a decision, a request for changes, an
 * invitation to stage 2): the first of its submitters whom its routes still show it to (a member of
 * its organization now, let in by the call's e-mail filter: `loadSubmissionFor`), and the
 * organization's contact. Someone removed from the team, or who left it, reads nothing more about
 * its application. Each address once, compared without letter case; an erased contact's pseudonym
 * (no address) is left out.
 */
export async function applicantRecipients(tx: Db | Tx, notice: ApplicantNotice): Promise<string[]> {
  const candidates = notice.submitters
    .map((address) => address?.trim() ?? '')
    .filter((address) => address.includes('@') && emailAllowedByFilter(notice.call, address));
  const members = await memberAddresses(tx, notice.organizationId, candidates);
  const submitter = candidates.find((address) => members.has(address.toLowerCase()));
  return [...distinctAddresses([submitter, notice.contact]).values()];
}

/**
 * The one address a single-recipient notice goes to: the submitter while entitled to it, else the
 * organization's contact; null when neither has an address.
 */
export async function applicantRecipient(tx: Db | Tx, notice: ApplicantNotice): Promise<string | null> {
  return (await applicantRecipients(tx, notice))[0] ?? null;
}

/** Which of the addresses (in lower case) belong to a member of the organization now. */
async function memberAddresses(tx: Db | Tx, organizationId: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const email = sql<string>`lower(trim(${users.email}))`;
  const rows = await tx
    .select({ email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(
          email,
          addresses.map((address) => address.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/**
 * A decision mail waits in the outbox until the call's lock ends, weeks perhaps: when the person it
 * was addressed to leaves the organization before then, it goes to the organization's contact
 * instead, or, where the contact has no address (erased), not at all. Run where a member leaves.
 */
export async function readdressPendingDecisionMails(tx: Tx, organizationId: string, email: string) {
  const pending = sql`
    select o.id, org.contact_email
    from email_outbox o
    join review_decisions d on d.mail_id = o.id
    join call_submissions s on s.id = d.submission_id
    join organizations org on org.id = s.organization_id
    where s.organization_id = ${organizationId} and o.sent_at is null
      and lower(trim(o."to")) = lower(trim(${email}))`;
  await tx.execute(sql`
    update email_outbox o set "to" = p.contact_email
    from (${pending}) p
    where o.id = p.id and position('@' in p.contact_email) > 0`);
  await tx.execute(sql`
    with gone as (
      delete from email_outbox o using (${pending}) p
      where o.id = p.id and position('@' in p.contact_email) = 0
      returning o.id)
    update review_decisions d set mail_id = null from gone where d.mail_id = gone.id`);
}
