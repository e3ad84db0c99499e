import { type TCallTranslations, type TMessageSide, textsIn, translatedOr } from '@impact/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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
 * waiting for its moment, later messages add nothing.
 */
export async function queueConversationMails(
  tx: Tx,
  input: { submissionId: string; organizationId: string; to: TMessageSide; writer: SessionUser; publicUrl: string },
) {
  const [about] = (
    (await tx.execute(sql`
      select c.name as call_name, c.translations as call_translations, o.name as org_name
      from call_submissions s join calls c on c.id = s.call_id join organizations o on o.id = s.organization_id
      where s.id = ${input.submissionId}`)) as unknown as {
      rows: Array<{ call_name: string; call_translations: TCallTranslations; org_name: string }>;
    }
  ).rows;
  if (!about) return;
  const link =
    input.to === 'applicant'
      ? `${input.publicUrl}/call/${input.submissionId}`
      : `${input.publicUrl}/call/${input.submissionId}?readonly=true`;
  for (const email of await recipients(tx, input)) {
    const at = await digestMoment(tx, email);
    if (at === null) continue;
    const language = await languageOf(tx, email);
    const t = translator(language);
    const names = {
      call: translatedOr(textsIn(about.call_translations, language)?.name, about.call_name),
      org: about.org_name,
    };
    await queueNotice(
      tx,
      email,
      TEMPLATE,
      {
        subject: t('mail.conversation.subject', names),
        paragraphs: [
          t(input.to === 'applicant' ? 'mail.conversation.toApplicant' : 'mail.conversation.toFunder', names),
        ],
        action: t('mail.conversation.action'),
        link,
      },
      language,
      at,
    );
  }
}

async function recipients(
  tx: Tx,
  input: { submissionId: string; organizationId: string; to: TMessageSide; writer: SessionUser },
) {
  const people =
    input.to === 'applicant'
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(organizationMembers)
          .innerJoin(users, eq(users.id, organizationMembers.userId))
          .where(eq(organizationMembers.organizationId, input.organizationId))
      : await funderPeople(tx, input.submissionId);
  return [
    ...new Set(
      people
        .filter((p) => p.id !== input.writer.id)
        .map((p) => p.email.trim())
        .filter(Boolean),
    ),
  ];
}

async function funderPeople(tx: Tx, submissionId: string) {
  const involved = await tx
    .selectDistinct({ id: users.id, email: users.email })
    .from(submissionMessages)
    .innerJoin(users, eq(users.id, submissionMessages.authorUserId))
    .where(and(eq(submissionMessages.callSubmissionId, submissionId), eq(submissionMessages.side, 'funder')));
  if (involved.length) return involved;
  return tx.select({ id: users.id, email: users.email }).from(users).where(sql`'admin' = any(${users.roles})`);
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
