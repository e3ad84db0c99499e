import { DEFAULT_LANGUAGE, localisedCall, type TLanguage } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { calls, organizations } from '../../db/schema';
import { translator } from '../../lib/texts';
import { type NoticeMail, queueNotice, renderNotice } from '../email/notice-mail';
import { languageOr, recipientLanguageSql } from '../email/recipient-language';

/** Roles are compared without case, as sign-in does (`isAdmin`). */
const IS_ADMIN = `exists (select 1 from unnest(u.roles) r where lower(r) = 'admin')`;

/**
 * The funder's side of a grant: the administrators who acted on it (its terms, letter, tranches,
 * payments, approvals: the audit trail keeps who), while they are still administrators; every
 * administrator while none has (as a conversation's funder side, conversation/notify.ts). Each
 * with the language their mail is written in (recipientLanguageSql), when they saved one.
 */
const OFFICERS = sql.raw(`
  , involved as (
    select distinct u.email from audit_log a join users u on u.id = a.actor_user_id
     where a.target_id = (select grant_id from given)::text and a.action like 'grant.%' and ${IS_ADMIN}
  ), people as (
    select email from involved
    union select u.email from users u where ${IS_ADMIN} and not exists (select 1 from involved)
  )
  select people.email, ${recipientLanguageSql('people.email')} as language from people`);

export async function grantOfficers(db: Db | Tx, grantId: string) {
  const found = await rows<{ email: string; language: string | null }>(
    db,
    sql`with given(grant_id) as (select ${grantId}::uuid)${OFFICERS}`,
  );
  // One mail an address, however its copies are written.
  const byAddress = new Map(
    found
      .filter((o) => o.email.includes('@'))
      .map((o) => [
        o.email.trim().toLowerCase(),
        { email: o.email.trim(), language: languageOr(o.language, DEFAULT_LANGUAGE) },
      ]),
  );
  return [...byAddress.values()];
}

/** The mails about a grant that its officers get: each has a subject, a body and an action. */
type OfficerTexts = 'mail.grantAccepted' | 'mail.grantDeclined' | 'mail.reportSent';

type GrantNamed = { id: string; callId: string; organizationId: string };

/**
 * A notice to each of the grant's officers in their language, linked to the grant's page: its
 * texts may use `org`, `call` and the `values` given.
 */
export async function officerNotices(
  db: Db | Tx,
  grant: GrantNamed,
  template: string,
  texts: OfficerTexts,
  values: Record<string, string>,
  publicUrl: string,
): Promise<Array<{ to: string; template: string; language: TLanguage; mail: NoticeMail }>> {
  const [call] = await db.select().from(calls).where(eq(calls.id, grant.callId));
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, grant.organizationId));
  return (await grantOfficers(db, grant.id)).map(({ email, language }) => {
    const t = translator(language);
    const all = { ...values, org: org?.name ?? '', call: call ? localisedCall(call, language).name : '' };
    return {
      to: email,
      template,
      language,
      mail: {
        subject: t(`${texts}.subject`, all),
        paragraphs: [t(`${texts}.body`, all)],
        link: `${publicUrl}/grants/${grant.id}`,
        action: t(`${texts}.action`),
      },
    };
  });
}

/** The same notices put in the outbox, in the caller's transaction. */
export async function tellOfficers(
  tx: Tx,
  grant: GrantNamed,
  template: string,
  texts: OfficerTexts,
  values: Record<string, string>,
  publicUrl: string,
) {
  for (const notice of await officerNotices(tx, grant, template, texts, values, publicUrl)) {
    await queueNotice(tx, notice.to, notice.template, notice.mail, notice.language);
  }
}

/**
 * The notices to the grant's officers that its report was sent, rendered as rows of the outbox:
 * Submit inserts them in its own closing statement (close-statements.ts), so they commit with the
 * report or not at all. Without the report's PDF (only receipts carry it): an address the roles
 * still call an administrator's may belong to someone no longer at the funder (roles are read at
 * sign-in), and the grant's page shows the report to whoever is. None when the submission is no
 * grant's report.
 */
export async function reportSentNotices(db: Db, submissionId: string, publicUrl: string) {
  const [report] = await rows<{ grant_id: string; call_id: string; organization_id: string; name: string }>(
    db,
    sql`select g.id as grant_id, g.call_id, g.organization_id, p.name
          from grant_reports r join grants g on g.id = r.grant_id join grant_report_plans p on p.id = r.plan_id
         where r.submission_id = ${submissionId}::uuid`,
  );
  if (!report) return [];
  const grant = { id: report.grant_id, callId: report.call_id, organizationId: report.organization_id };
  const notices = await officerNotices(db, grant, 'report-sent', 'mail.reportSent', { report: report.name }, publicUrl);
  return notices.map((notice) => ({
    to: notice.to,
    template: notice.template,
    ...renderNotice(notice.mail, notice.language),
  }));
}
