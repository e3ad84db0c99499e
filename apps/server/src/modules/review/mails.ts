import type { TDecisionOutcome, TLanguage } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { cleanHeader } from '../../lib/mail-headers';
import { translator } from '../../lib/texts';

type Mail = { subject: string; paragraphs: string[]; link?: string; action?: string };

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

/** Plain text and HTML; every value from users is escaped in the HTML, no control character reaches the subject. */
function render(mail: Mail, language: TLanguage) {
  const greeting = translator(language)('mail.greeting');
  const link = mail.link && mail.action ? `\n\n${mail.action}: ${mail.link}` : '';
  const text = `${greeting}\n\n${mail.paragraphs.join('\n\n')}${link}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(greeting)}</p>${mail.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}${
    mail.link && mail.action
      ? `<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;background:#087f5b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>`
      : ''
  }</body></html>`;
  return { subject: cleanHeader(mail.subject), text, html };
}

async function insertMail(db: Db | Tx, to: string, template: string, content: ReturnType<typeof render>, at?: Date) {
  const [row] = await db
    .insert(emailOutbox)
    .values({ to, template, ...content, ...(at ? { nextAttemptAt: at } : {}) })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('mail insert failed');
  return row.id;
}

export function queueInvitation(tx: Tx, to: string, callName: string, language: TLanguage, link: string) {
  return insertMail(tx, to, 'review-invitation', render({ ...invitation(language, callName), link }, language));
}

export function queueConflictNotice(
  tx: Tx,
  to: string,
  call: string,
  reviewer: string,
  reason: string,
  language: TLanguage,
) {
  return insertMail(tx, to, 'review-conflict', render(conflict(language, call, reviewer, reason), language));
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
  return insertMail(tx, input.to, 'review-decision', render(mail, language), input.sendAt);
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
