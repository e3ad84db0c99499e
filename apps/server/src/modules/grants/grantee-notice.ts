import { DEFAULT_LANGUAGE, emailAllowedByFilter, localisedCall, type TLanguage } from '@impact/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { calls, organizationMembers, organizations, users } from '../../db/schema';
import { distinctAddresses } from '../../lib/mail-addresses';
import { longDay } from '../../lib/moments';
import { translator } from '../../lib/texts';
import { queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';

/** The mails to a grantee about its grant: each has a subject, a body and an action. */
type GranteeMailTexts =
  | 'mail.reportDue'
  | 'mail.reportOverdue'
  | 'mail.reportApproved'
  | 'mail.grantClosed'
  | 'mail.tranchePaid';

/**
 * A notice about a grant to the grantee's contact and writers, each in their language, with a link
 * to the grant. `texts` names the mail's subject, body and action; they may use `org`, `call` and
 * the `values` given for the recipient's language (a day or an amount is written in it); `after` a
 * paragraph after the body (said only where it holds).
 */
export async function noticeGrantees(
  tx: Tx,
  grant: { id: string; organizationId: string; callId: string },
  mail: {
    template: string;
    texts: GranteeMailTexts;
    values?: (language: TLanguage) => Record<string, string>;
    after?: 'mail.reportApproved.trancheReady';
  },
  publicUrl: string,
) {
  const { name: org, emails, call } = await grantees(tx, grant);
  for (const email of emails) {
    const language = await recipientLanguage(tx, email, DEFAULT_LANGUAGE);
    const t = translator(language);
    const values = { org, call: call ? localisedCall(call, language).name : '', ...mail.values?.(language) };
    await queueNotice(
      tx,
      email,
      mail.template,
      {
        subject: t(`${mail.texts}.subject`, values),
        paragraphs: [t(`${mail.texts}.body`, values), ...(mail.after ? [t(mail.after, values)] : [])],
        link: `${publicUrl}/grants/${grant.id}`,
        action: t(`${mail.texts}.action`),
      },
      language,
    );
  }
}

/**
 * The grantee organization's name and who hears of its grant: the contact, then the owners and
 * editors the grant's call still lets in (its e-mail filter, as for the grant's pages); with the
 * call, read for that filter, which the mails name.
 */
export async function grantees(tx: Tx, grant: { organizationId: string; callId: string }) {
  const [org] = await tx
    .select({ name: organizations.name, contactEmail: organizations.contactEmail })
    .from(organizations)
    .where(eq(organizations.id, grant.organizationId));
  const [call] = await tx.select().from(calls).where(eq(calls.id, grant.callId));
  const members = await tx
    .select({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, grant.organizationId),
        inArray(organizationMembers.role, ['owner', 'editor']),
      ),
    );
  const allowed = members.filter((m) => !call || emailAllowedByFilter(call, m.email));
  // An erased contact's pseudonym has no address: nothing to send.
  const emails = distinctAddresses([org?.contactEmail, ...allowed.map((m) => m.email)]);
  return { name: org?.name ?? '', emails: [...emails.values()], call };
}

/** A notice about one of a grant's reports (its reminders, its approval): `report` and, given a due day, `date`. */
export function noticeGrantReport(
  tx: Tx,
  report: { grantId: string; organizationId: string; callId: string; name: string; dueAt?: string },
  mail: { template: string; texts: GranteeMailTexts; after?: 'mail.reportApproved.trancheReady' },
  publicUrl: string,
) {
  const { dueAt } = report;
  return noticeGrantees(
    tx,
    { id: report.grantId, organizationId: report.organizationId, callId: report.callId },
    { ...mail, values: (language) => ({ report: report.name, ...(dueAt ? { date: longDay(dueAt, language) } : {}) }) },
    publicUrl,
  );
}
