import type { TDecisionOutcome, TLanguage } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { translator } from '../../lib/texts';
import { type NoticeMail, queueNotice } from '../email/notice-mail';

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

export function queueInvitation(tx: Tx, to: string, callName: string, language: TLanguage, link: string) {
  return queueNotice(tx, to, 'review-invitation', { ...invitation(language, callName), link }, language);
}

export function queueConflictNotice(
  tx: Tx,
  to: string,
  call: string,
  reviewer: string,
  reason: string,
  language: TLanguage,
) {
  return queueNotice(tx, to, 'review-conflict', conflict(language, call, reviewer, reason), language);
}

/**
 * The decision mail, held back by the outbox until `sendAt` (the call's lock end) so the e-mail
 * never tells the applicant before their call card may.
 */
export function queueDecisionMail(
  tx: Tx,
  input: {
    to: string;
    callName: string;
    orgName: string;
    outcome: TDecisionOutcome;
    message: string;
    language: TLanguage;
    sendAt: Date;
  },
) {
  const { language } = input;
  const mail = decision(language, input.callName, input.orgName, input.outcome, input.message);
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
