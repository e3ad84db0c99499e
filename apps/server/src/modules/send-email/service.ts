import { DEFAULT_LANGUAGE, type TEmailAudience, type TLanguage, type TSendEmailRequest, textsIn } from '@impact/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, calls, emailOutbox, organizations, users } from '../../db/schema';
import { invalid, notFound } from '../../lib/app-error';
import { escapeHtml } from '../../lib/html';
import { cleanHeader } from '../../lib/mail-headers';
import { sanitizeRichText } from '../../lib/sanitize';
import { type AuditActor, audit } from '../audit/record';
import { recipientLanguage } from '../email/recipient-language';

/**
 * The applicants of a call: the owners of the organizations that have a submission for it (all,
 * still open, or closed), each address once, compared without letter case.
 */
export async function recipientsOf(db: Db | Tx, callId: string, audience: TEmailAudience): Promise<string[]> {
  const where: SQL[] = [eq(callSubmissions.callId, callId)];
  if (audience !== 'all') where.push(eq(callSubmissions.closed, audience === 'closed'));
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(trim(${users.email}))` })
    .from(callSubmissions)
    .innerJoin(organizations, eq(organizations.id, callSubmissions.organizationId))
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(and(...where));
  return rows
    .map((r) => r.email)
    .filter((e) => e.includes('@'))
    .sort();
}

async function callName(db: Db | Tx, callId: string): Promise<string> {
  const [call] = await db.select({ name: calls.name }).from(calls).where(eq(calls.id, callId));
  if (!call) throw notFound('errors.calls.callNotFound');
  return call.name;
}

/** GET SendEmail/GetRecipientCount: how many will receive it, shown before sending. */
export async function countRecipients(db: Db, callId: string, audience: TEmailAudience): Promise<number> {
  await callName(db, callId);
  return (await recipientsOf(db, callId, audience)).length;
}

/** Whether rich text says anything once its tags are gone. */
const hasText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';

function renderAdminMail(subject: string, bodyHtml: string, appName: string, language: TLanguage) {
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">${bodyHtml}
<p style="font-size:13px;color:#868e96">${escapeHtml(appName)}</p></body></html>`;
  const text = `${sanitizeHtml(bodyHtml.replace(/<\/(p|li|h[2-4]|blockquote)>|<br\s*\/?>/g, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n\n${appName}\n`;
  return { html, text };
}

/**
 * POST SendEmail/SendEmail: one outbox row per recipient (nobody sees another's address), all
 * written with the audit entry in one transaction; the outbox worker sends and retries them.
 */
export async function sendEmailToApplicants(
  db: Db,
  actor: AuditActor,
  input: TSendEmailRequest,
  appName: string,
): Promise<{ queued: number }> {
  const body = sanitizeRichText(input.html);
  if (!hasText(body)) throw invalid([{ path: 'html', messageKey: 'errors.field.required' }]);
  // The audit entry and the page title say what the mail's Subject header says.
  const subject = cleanHeader(input.subject);
  // Each language's version, made once: its own subject and body where written, the default's otherwise.
  const versions = new Map<TLanguage, { subject: string; html: string; text: string }>();
  const versionIn = (language: TLanguage) => {
    const made = versions.get(language);
    if (made) return made;
    const written = textsIn(input.translations, language);
    const translatedBody = written?.html ? sanitizeRichText(written.html) : '';
    const versionSubject = written?.subject?.trim() ? cleanHeader(written.subject) : subject;
    const version = {
      subject: versionSubject,
      ...renderAdminMail(versionSubject, hasText(translatedBody) ? translatedBody : body, appName, language),
    };
    versions.set(language, version);
    return version;
  };
  return db.transaction(async (tx) => {
    const name = await callName(tx, input.callId);
    const recipients = await recipientsOf(tx, input.callId, input.audience);
    const rows = [];
    for (const to of recipients) {
      // Each in the language they read (saved, else their sign-in account's, else the default).
      const version = versionIn(await recipientLanguage(tx, to, DEFAULT_LANGUAGE));
      rows.push({ to, ...version, template: 'admin-message' });
    }
    if (rows.length > 0) await tx.insert(emailOutbox).values(rows);
    await audit(tx, actor, 'email.send', input.callId, {
      callName: name,
      audience: input.audience,
      subject,
      languages: [...new Set([DEFAULT_LANGUAGE, ...Object.keys(input.translations ?? {})])],
      recipients: recipients.length,
    });
    return { queued: recipients.length };
  });
}
