import { emailAllowedByFilter, type TCallTranslations, type TMessageSide, textsIn, translatedOr } from '@impact/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { emailOutbox, organizationMembers, submissionMessages, users } from '../../db/schema';
import { translator } from '../../lib/texts';
import type { SessionUser } from '../../plugins/authentication';
import { queueNotice } from '../email/notice-mail';
import { languageOf } from '../organizations/member-mails';

const TEMPLATE = 'conversation-message';
/** One mail about new messages per person in this time at most: a busy exchange makes a digest, not a flood. */
export const DIGEST_MS = 10 * 60_000;

/**
 * Tells the other side that the conversation has something new, in each person's language, with
 * a link to it and not the message's words (they stay on the site, out of the outbox an operator
 * reads). The applicant's side is the organization's members; the funder's side is the
 * administrators who already wrote in this conversation, or every administrator while none has.
 * Each person gets the first mail at once and then at most one every DIGEST_MS: while one is
 * waiting for its moment, later messages add nothing, and since it may stand for several
 * conversations it names none ("new messages", with a link to the list).
 */
export async function queueConversationMails(
  tx: Tx,
  input: { submissionId: string; organizationId: string; to: TMessageSide; writer: SessionUser; publicUrl: string },
) {
  const [about] = await rows<{
    call_name: string;
    call_translations: TCallTranslations;
    org_name: string;
    is_user_filter_enable: boolean;
    user_filter_email: string;
    report_name: string | null;
  }>(
    tx,
    // A grant's report (decision 0044) is spoken of as the report it is, under its grant's call:
    // its own call is the form's, named after the report.
    sql`select coalesce(ac.name, c.name) as call_name, coalesce(ac.translations, c.translations) as call_translations,
               o.name as org_name, c.is_user_filter_enable, c.user_filter_email, p.name as report_name
        from call_submissions s join calls c on c.id = s.call_id join organizations o on o.id = s.organization_id
        left join grant_reports r on r.submission_id = s.id
        left join grant_report_plans p on p.id = r.plan_id
        left join grants g on g.id = r.grant_id
        left join calls ac on ac.id = g.call_id
        where s.id = ${input.submissionId}`,
  );
  if (!about) return;
  const link =
    input.to === 'applicant'
      ? `${input.publicUrl}/call/${input.submissionId}`
      : `${input.publicUrl}/call/${input.submissionId}?readonly=true`;
  const filter = { isUserFilterEnable: about.is_user_filter_enable, userFilterEmail: about.user_filter_email };
  for (const email of await recipients(tx, input, filter)) {
    const at = await digestMoment(tx, email);
    if (at === null) continue;
    const language = await languageOf(tx, email);
    const t = translator(language);
    const names = {
      call: translatedOr(textsIn(about.call_translations, language)?.name, about.call_name),
      org: about.org_name,
      report: about.report_name ?? '',
    };
    const report = about.report_name !== null;
    // A mail held for the digest may stand for messages in several conversations: it names none.
    const mail = at
      ? {
          subject: t('mail.conversation.digestSubject'),
          paragraphs: [t('mail.conversation.digestBody')],
          action: t('mail.conversation.digestAction'),
          link: input.to === 'applicant' ? `${input.publicUrl}/calls` : `${input.publicUrl}/admin`,
        }
      : {
          subject: t(report ? 'mail.conversation.subjectReport' : 'mail.conversation.subject', names),
          paragraphs: [
            t(
              input.to === 'applicant'
                ? report
                  ? 'mail.conversation.toApplicantReport'
                  : 'mail.conversation.toApplicant'
                : report
                  ? 'mail.conversation.toFunderReport'
                  : 'mail.conversation.toFunder',
              names,
            ),
          ],
          action: t('mail.conversation.action'),
          link,
        };
    await queueNotice(tx, email, TEMPLATE, mail, language, at);
  }
}

async function recipients(
  tx: Tx,
  input: { submissionId: string; organizationId: string; to: TMessageSide; writer: SessionUser },
  filter: { isUserFilterEnable: boolean; userFilterEmail: string },
) {
  const people =
    input.to === 'applicant'
      ? (
          await tx
            .select({ id: users.id, email: users.email })
            .from(organizationMembers)
            .innerJoin(users, eq(users.id, organizationMembers.userId))
            .where(eq(organizationMembers.organizationId, input.organizationId))
        ).filter((p) => emailAllowedByFilter(filter, p.email)) // members the call still lets in
      : await funderPeople(tx, input.submissionId);
  return [
    ...new Set(
      people
        .filter((p) => p.id !== input.writer.id)
        .map((p) => p.email.trim())
        .filter((e) => e.includes('@')),
    ),
  ];
}

/** Roles are compared without case, as sign-in does (`isAdmin`). */
const isAdminRow = sql`exists (select 1 from unnest(${users.roles}) r where lower(r) = 'admin')`;

async function funderPeople(tx: Tx, submissionId: string) {
  // Those who wrote here and are still administrators; every administrator while none has.
  const involved = await tx
    .selectDistinct({ id: users.id, email: users.email })
    .from(submissionMessages)
    .innerJoin(users, eq(users.id, submissionMessages.authorUserId))
    .where(
      and(eq(submissionMessages.callSubmissionId, submissionId), eq(submissionMessages.side, 'funder'), isAdminRow),
    );
  if (involved.length) return involved;
  return tx.select({ id: users.id, email: users.email }).from(users).where(isAdminRow);
}

/** When this person's next mail may go: now, later (the digest's moment), or null when one is already waiting. */
async function digestMoment(tx: Tx, email: string): Promise<Date | undefined | null> {
  const [waiting] = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.to, email),
        eq(emailOutbox.template, TEMPLATE),
        isNull(emailOutbox.sentAt),
        gt(emailOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .limit(1);
  if (waiting) return null;
  const [last] = await tx
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, TEMPLATE)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!last) return undefined;
  const next = last.createdAt.getTime() + DIGEST_MS;
  return next > Date.now() ? new Date(next) : undefined;
}
