import { nameIn, type TCallTranslations, type TDecisionOutcome, type TLanguage } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { translator } from '../../lib/texts';
import { type NoticeMail, queueNotice } from '../email/notice-mail';
import { recipientLanguage } from '../email/recipient-language';

type Mail = NoticeMail;

/** The texts live under `mail.review*` in the server's texts (packages/texts). */
function invitation(language: TLanguage, call: string): Mail {
  const t = translator(language);
  return {
    subject: t('mail.reviewInvitation.subject', { call }),
    paragraphs: [t('mail.reviewInvitation.body', { call }), t('mail.reviewInvitation.signIn')],
    action: t('mail.reviewInvitation.action'),
  };
}

function conflict(language: TLanguage, call: string, reviewer: string, reason: string): Mail {
  const t = translator(language);
  return {
    subject: t('mail.reviewConflict.subject', { call }),
    paragraphs: [
      t('mail.reviewConflict.body', { call, reviewer }),
      t('mail.reviewConflict.reason', { reason: reason || '—' }),
      t('mail.reviewConflict.next'),
    ],
  };
}

function decision(language: TLanguage, call: string, org: string, outcome: TDecisionOutcome, message: string): Mail {
  const t = translator(language);
  return {
    subject: t('mail.reviewDecision.subject', { call }),
    paragraphs: [
      t('mail.reviewDecision.body', { call, org, outcome: t(`mail.reviewDecision.${outcome}`) }),
      ...(message ? [message] : []),
    ],
  };
}

/** A call as the mails name it: its name in each language. */
type MailCall = { name: string; translations?: TCallTranslations | null };

/*
 * Each mail is written in its recipient's language (their saved one, `recipientLanguage`), and
 * `fallback` only for someone who has none: never in the sender's language by default.
 */

export async function queueInvitation(tx: Tx, to: string, call: MailCall, fallback: TLanguage, link: string) {
  const language = await recipientLanguage(tx, to, fallback);
  return queueNotice(tx, to, 'review-invitation', { ...invitation(language, nameIn(call, language)), link }, language);
}

export async function queueConflictNotice(
  tx: Tx,
  to: string,
  call: MailCall,
  reviewer: string,
  reason: string,
  fallback: TLanguage,
) {
  const language = await recipientLanguage(tx, to, fallback);
  return queueNotice(tx, to, 'review-conflict', conflict(language, nameIn(call, language), reviewer, reason), language);
}

/**
 * The decision mail, held back by the outbox until `sendAt` (the call's lock end) so the e-mail
 * never tells the applicant before their call card may. `fallback`: the language they submitted in.
 */
export async function queueDecisionMail(
  tx: Tx,
  input: {
    to: string;
    call: MailCall;
    orgName: string;
    outcome: TDecisionOutcome;
    message: string;
    fallback: TLanguage;
    sendAt: Date;
  },
) {
  const language = await recipientLanguage(tx, input.to, input.fallback);
  const mail = decision(language, nameIn(input.call, language), input.orgName, input.outcome, input.message);
  return queueNotice(tx, input.to, 'review-decision', mail, language, input.sendAt);
}

/** Drops a decision mail that has not gone out yet (the outcome changed before it was sent). */
export async function dropUnsentMail(tx: Tx, mailId: string): Promise<boolean> {
  // FOR UPDATE waits for a worker sending it right now, and then sees it sent.
  const [row] = await tx
    .select({ sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, mailId))
    .for('update');
  if (!row || row.sentAt) return false;
  await tx.delete(emailOutbox).where(eq(emailOutbox.id, mailId));
  return true;
}
