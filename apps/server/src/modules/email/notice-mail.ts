import type { TLanguage } from '@impact/domain';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { cleanHeader } from '../../lib/mail-headers';
import { translator } from '../../lib/texts';

/**
 * A short notice: its texts already translated, an optional button, and for a mailing (reminders)
 * its unsubscribe link, shown at the foot and sent as List-Unsubscribe.
 */
export type NoticeMail = {
  subject: string;
  paragraphs: string[];
  link?: string;
  action?: string;
  unsubscribe?: { text: string; link: string };
};

/** Plain text and HTML; every value from users is escaped in the HTML, no control character reaches the subject. */
export function renderNotice(mail: NoticeMail, language: TLanguage) {
  const greeting = translator(language)('mail.greeting');
  const link = mail.link && mail.action ? `\n\n${mail.action}: ${mail.link}` : '';
  const foot = mail.unsubscribe ? `\n\n${mail.unsubscribe.text}: ${mail.unsubscribe.link}` : '';
  const text = `${greeting}\n\n${mail.paragraphs.join('\n\n')}${link}${foot}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(greeting)}</p>${mail.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}${
    mail.link && mail.action
      ? `<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;background:#087f5b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(mail.action)}</a></p>`
      : ''
  }${
    mail.unsubscribe
      ? `<p style="font-size:13px;color:#495057"><a href="${escapeHtml(mail.unsubscribe.link)}" style="color:#495057">${escapeHtml(mail.unsubscribe.text)}</a></p>`
      : ''
  }</body></html>`;
  return { subject: cleanHeader(mail.subject), text, html };
}

/** Puts a notice in the outbox, in the caller's transaction; `at` holds it back until then. */
export async function queueNotice(
  db: Db | Tx,
  to: string,
  template: string,
  mail: NoticeMail,
  language: TLanguage,
  at?: Date,
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to,
      template,
      ...renderNotice(mail, language),
      unsubscribeUrl: mail.unsubscribe?.link ?? null,
      ...(at ? { nextAttemptAt: at } : {}),
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('mail insert failed');
  return row.id;
}
