import { elideFrenchBefore, LANGUAGES, PDF_FILE_NAME, type TLanguage, type TPdfExportData } from '@impact/domain';
import { escapeHtml } from '../../lib/html';
import { distinctAddresses } from '../../lib/mail-addresses';
import { moment } from '../../lib/moments';
import { translator } from '../../lib/texts';
import { localisedCallName } from './localised-record';

/** An application's receipt, or a grant's report's (decision 0044): their own words. */
const KEYS = { application: 'mail.receipt', report: 'mail.reportReceipt' } as const;
type Kind = keyof typeof KEYS;

/** What a receipt names: the call (in the reader's language) and the organization. */
type Names = { call: string; org: string };
/** The names' places in a looked-up sentence (i18next puts a value there as it is, never reading it again). */
const PLACES: Names = { call: '{{call}}', org: '{{org}}' };

/**
 * The receipt's words, looked up once per language and kind; the two sentences that name
 * something keep their places, filled at each receipt by `fill`. Looking them up with i18next at
 * each receipt was a tenth of a Submit's CPU in a deadline burst.
 */
function labelsOf(language: TLanguage, kind: Kind) {
  const tr = translator(language);
  return {
    body: tr(`${KEYS[kind]}.body`, PLACES),
    subject: tr(`${KEYS[kind]}.subject`, PLACES),
    stage2: tr('mail.receipt.stage2'),
    greeting: tr('mail.greeting'),
    when: tr(`${KEYS[kind]}.when`),
    id: tr(`${KEYS[kind]}.id`),
    reference: tr('mail.receipt.reference'),
    attached: tr(`${KEYS[kind]}.attached`, { file: PDF_FILE_NAME }),
    footer: tr('mail.receipt.footer'),
  };
}
const LABELS = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    { application: labelsOf(language, 'application'), report: labelsOf(language, 'report') },
  ]),
) as Record<TLanguage, Record<Kind, ReturnType<typeof labelsOf>>>;

/**
 * A sentence's places filled in one pass, as i18next does: a name that reads "{{org}}" stays as it
 * is; in French "de" before a name that starts with a vowel is elided, as i18next's texts are.
 */
function fill(sentence: string, names: Names, language: TLanguage) {
  const filled = sentence.replace(/\{\{(call|org)\}\}/g, (_, name: keyof Names) => names[name]);
  return language === 'fr' ? elideFrenchBefore(filled, [names.call, names.org]) : filled;
}

/** The receipt's subject, text and HTML; every value from users is escaped in the HTML. */
export function renderReceipt(
  data: TPdfExportData,
  language: TLanguage,
  closedAt: Date,
  stage = 1,
  kind: Kind = 'application',
) {
  // The call's name in the applicant's language, as their PDF shows it.
  const names = { call: localisedCallName(data, language), org: data.orgName };
  const t = LABELS[language][kind];
  const when = moment(closedAt, language);
  const body = fill(t.body, names, language);
  // The reference, which a person reads out on the phone, before the id (records frozen before have none).
  const reference = data.reference ? `${t.reference}: ${data.reference}\n` : '';
  const text = `${t.greeting}\n\n${body}\n\n${t.when}: ${when}\n${reference}${t.id}: ${data.submissionId}\n\n${t.attached}\n\n${t.footer}\n`;
  const referenceRow = data.reference
    ? `<tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.reference)}</td><td><strong>${escapeHtml(data.reference)}</strong></td></tr>\n`
    : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p><p>${escapeHtml(body)}</p>
<table style="border-collapse:collapse"><tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.when)}</td><td>${escapeHtml(when)}</td></tr>
${referenceRow}<tr><td style="padding:2px 12px 2px 0;color:#495057">${escapeHtml(t.id)}</td><td><code>${escapeHtml(data.submissionId)}</code></td></tr></table>
<p>${escapeHtml(t.attached)}</p>
<p style="font-size:13px;color:#868e96">${escapeHtml(t.footer)}</p></body></html>`;
  // Line breaks never reach a mail header.
  // A second stage's receipt says so: the organization gets one receipt per stage (decision 0034).
  const subject = fill(t.subject, names, language) + (stage === 2 ? ` (${t.stage2})` : '');
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}

/**
 * The receipt's mails (the closing transaction queues them, so a rolled-back closing sends
 * nothing): one per address, the submitter and the organization's contact, each once, each in its
 * reader's language: the submitter's is the one they submit in, the contact's `contactLanguage`
 * (their saved one). Each has the record's PDF attached, made when the mail is sent, from the
 * frozen record.
 */
export function receiptMails(
  record: { data: TPdfExportData; closedAt: Date; stage?: number; report?: boolean },
  submitterEmail: string,
  language: TLanguage,
  contactLanguage: TLanguage = language,
): Array<{ to: string; template: 'submission-receipt'; subject: string; text: string; html: string }> {
  // The submitter first: a contact who submitted reads it once, in the language they submit in.
  const submitter = submitterEmail.trim().toLowerCase();
  const addresses = distinctAddresses([submitterEmail, record.data.userReferenteEmail]);
  const rendered = new Map<TLanguage, ReturnType<typeof renderReceipt>>();
  return [...addresses].map(([key, to]) => {
    const reads = key === submitter ? language : contactLanguage;
    const content =
      rendered.get(reads) ??
      renderReceipt(record.data, reads, record.closedAt, record.stage, record.report ? 'report' : 'application');
    rendered.set(reads, content);
    return { to, template: 'submission-receipt', ...content };
  });
}
