import { PDF_FILE_NAME, type TLanguage, type TPdfExportData } from '@impact/domain';
import type { Tx } from '../../db/client';
import { emailAttachments, emailOutbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

const TEXTS: Record<
  TLanguage,
  { subject: string; body: string; when: string; id: string; attached: string; footer: string }
> = {
  it: {
    subject: 'Ricevuta della domanda: {call}',
    body: 'abbiamo ricevuto la domanda di {org} al bando “{call}”.',
    when: 'Inviata il',
    id: 'Codice della domanda',
    attached: 'In allegato trovi il PDF di quanto inviato (questions_answers.pdf). Conservalo come ricevuta.',
    footer: 'Questo messaggio è stato inviato automaticamente: non rispondere.',
  },
  en: {
    subject: 'Application receipt: {call}',
    body: 'we received the application of {org} to the call “{call}”.',
    when: 'Submitted on',
    id: 'Submission id',
    attached: 'The PDF of what was submitted is attached (questions_answers.pdf). Keep it as your receipt.',
    footer: 'This message was sent automatically: please do not reply.',
  },
  fr: {
    subject: 'Accusé de réception : {call}',
    body: 'nous avons bien reçu le dossier de {org} pour l’appel « {call} ».',
    when: 'Envoyé le',
    id: 'Numéro de dossier',
    attached:
      'Vous trouverez en pièce jointe le PDF du dossier envoyé (questions_answers.pdf). Conservez-le comme accusé de réception.',
    footer: 'Ce message a été envoyé automatiquement : merci de ne pas y répondre.',
  },
};
const GREETING: Record<TLanguage, string> = { it: 'Gentile utente,', en: 'Hello,', fr: 'Bonjour,' };
const LOCALES: Record<TLanguage, string> = { it: 'it-IT', en: 'en-GB', fr: 'fr-FR' };

/** The receipt's subject, text and HTML; every value from users is escaped in the HTML. */
export function renderReceipt(data: TPdfExportData, language: TLanguage, closedAt: Date) {
  const t = TEXTS[language];
  const fill = (s: string) => s.replace('{call}', data.callName).replace('{org}', data.orgName);
  const when = `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(closedAt)} UTC`;
  const body = fill(t.body);
  const text = `${GREETING[language]}\n\n${body}\n\n${t.when}: ${when}\n${t.id}: ${data.submissionId}\n\n${t.attached}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(GREETING[language])}</p><p>${escapeHtml(body)}</p>
<table style="border-collapse:collapse"><tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.when)}</td><td>${escapeHtml(when)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.id)}</td><td><code>${escapeHtml(data.submissionId)}</code></td></tr></table>
<p>${escapeHtml(t.attached)}</p>
<p style="font-size:13px;color:#868e96">${escapeHtml(t.footer)}</p></body></html>`;
  // Line breaks never reach a mail header.
  return { subject: fill(t.subject).replace(/[\r\n]+/g, ' '), text, html };
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
