import type { TLanguage } from '@impact/domain';
import { escapeHtml } from '../../lib/html';
import { translator } from '../../lib/texts';

export type MailTemplate = 'verify-email' | 'reset-password' | 'already-registered';
export type MailParams = { firstName: string; link: string; appName: string };

/** Each template's texts under `mail.<key>` in the server's texts (packages/texts). */
const KEYS = {
  'verify-email': 'verifyEmail',
  'reset-password': 'resetPassword',
  'already-registered': 'alreadyRegistered',
} as const satisfies Record<MailTemplate, string>;

/** Plain text and HTML of one mail; every value from users is escaped in the HTML. */
export function renderMail(template: MailTemplate, language: TLanguage, params: MailParams) {
  const tr = translator(language);
  const key = KEYS[template];
  const t = {
    subject: tr(`mail.${key}.subject`),
    action: tr(`mail.${key}.action`),
    footer: tr(`mail.${key}.footer`),
  };
  const greeting = tr('mail.greetingName', { firstName: params.firstName });
  const body = tr(`mail.${key}.body`, { appName: params.appName });
  const text = `${greeting}\n\n${body}\n\n${t.action}: ${params.link}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#087f5b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(params.link)}</p>
<p style="font-size:13px;color:#868e96">${escapeHtml(t.footer)}</p></body></html>`;
  return { subject: `${t.subject} – ${params.appName}`, text, html };
}
