import { PDF_FILE_NAME, type TLanguage, type TPdfExportData } from '@impact/domain';
import type { Tx } from '../../db/client';
import { emailAttachments, emailOutbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { translator } from '../../lib/texts';
import { localisedRecord } from './localised-record';

const LOCALES: Record<TLanguage, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** The receipt's subject, text and HTML; every value from users is escaped in the HTML. */
export function renderReceipt(data: TPdfExportData, language: TLanguage, closedAt: Date) {
  const tr = translator(language);
  // The call's name in the applicant's language, as their PDF shows it.
  const names = { call: localisedRecord(data, language).callName, org: data.orgName };
  const t = {
    greeting: tr('mail.greeting'),
    when: tr('mail.receipt.when'),
    id: tr('mail.receipt.id'),
    attached: tr('mail.receipt.attached', { file: PDF_FILE_NAME }),
    footer: tr('mail.receipt.footer'),
  };
  const when = `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(closedAt)} UTC`;
  const body = tr('mail.receipt.body', names);
  const text = `${t.greeting}\n\n${body}\n\n${t.when}: ${when}\n${t.id}: ${data.submissionId}\n\n${t.attached}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(body)}</p>
<table style="border-collapse:collapse"><tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.when)}</td><td>${escapeHtml(when)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.id)}</td><td><code>${escapeHtml(data.submissionId)}</code></td></tr></table>
<p>${escapeHtml(t.attached)}</p>
<p style="font-size:13px;color:#868e96">${escapeHtml(t.footer)}</p></body></html>`;
  // Line breaks never reach a mail header.
  return { subject: tr('mail.receipt.subject', names).replace(/[\r\n]+/g, ' '), text, html };
}

/**
 * Queues the receipt (inside the closing transaction, so a rolled-back closing sends nothing): one
 * mail per address (the submitter and the organization's contact, each once), each with the
 * record's PDF attached. The PDF is made when the mail is sent, from the frozen record.
 */
export async function queueReceipt(
  tx: Tx,
  record: { id: string; data: TPdfExportData; closedAt: Date },
  submitterEmail: string,
  language: TLanguage,
) {
  const addresses = new Map<string, string>();
  for (const address of [submitterEmail, record.data.userReferenteEmail]) {
    const trimmed = address.trim();
    if (trimmed && !addresses.has(trimmed.toLowerCase())) addresses.set(trimmed.toLowerCase(), trimmed);
  }
  const content = renderReceipt(record.data, language, record.closedAt);
  for (const to of addresses.values()) {
    const [mail] = await tx
      .insert(emailOutbox)
      .values({ to, template: 'submission-receipt', ...content })
      .returning({ id: emailOutbox.id });
    if (!mail) throw new Error('mail insert failed');
    await tx.insert(emailAttachments).values({
      mailId: mail.id,
      fileName: PDF_FILE_NAME,
      contentType: 'application/pdf',
      submissionRecordId: record.id,
    });
  }
}
