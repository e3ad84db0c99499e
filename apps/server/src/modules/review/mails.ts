import type { TDecisionOutcome, TLanguage } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { cleanHeader } from '../../lib/mail-headers';

type Mail = { subject: string; paragraphs: string[]; link?: string; action?: string };

const INVITATION: Record<TLanguage, (call: string) => Mail> = {
  it: (call) => ({
    subject: `Invito a valutare: ${call}`,
    paragraphs: [
      `sei stato invitato a valutare le domande del bando “${call}”.`,
      'Accedi con questo indirizzo e-mail: troverai le domande assegnate nella tua area di valutazione.',
    ],
    action: 'Apri l’area di valutazione',
  }),
  en: (call) => ({
    subject: `Invitation to review: ${call}`,
    paragraphs: [
      `you have been invited to review the applications to the call “${call}”.`,
      'Sign in with this e-mail address: the applications assigned to you are in your review workspace.',
    ],
    action: 'Open the review workspace',
  }),
  fr: (call) => ({
    subject: `Invitation à évaluer : ${call}`,
    paragraphs: [
      `vous êtes invité à évaluer les dossiers de l’appel « ${call} ».`,
      'Connectez-vous avec cette adresse e-mail : les dossiers qui vous sont attribués sont dans votre espace d’évaluation.',
    ],
    action: 'Ouvrir l’espace d’évaluation',
  }),
};

const CONFLICT: Record<TLanguage, (call: string, reviewer: string, reason: string) => Mail> = {
  it: (call, reviewer, reason) => ({
    subject: `Conflitto di interessi dichiarato: ${call}`,
    paragraphs: [
      `${reviewer} ha dichiarato un conflitto di interessi su una domanda del bando “${call}” ed è stato rimosso da quella valutazione.`,
      `Motivo: ${reason || '—'}`,
      'Assegna un altro valutatore dalla scheda Valutazione del bando.',
    ],
  }),
  en: (call, reviewer, reason) => ({
    subject: `Conflict of interest declared: ${call}`,
    paragraphs: [
      `${reviewer} declared a conflict of interest on an application to the call “${call}” and was removed from that review.`,
      `Reason: ${reason || '—'}`,
      'Assign another reviewer from the call’s Review tab.',
    ],
  }),
  fr: (call, reviewer, reason) => ({
    subject: `Conflit d’intérêts déclaré : ${call}`,
    paragraphs: [
      `${reviewer} a déclaré un conflit d’intérêts sur un dossier de l’appel « ${call} » et a été retiré de cette évaluation.`,
      `Motif : ${reason || '—'}`,
      'Attribuez un autre évaluateur depuis l’onglet Évaluation de l’appel.',
    ],
  }),
};

const OUTCOME_WORDS: Record<TLanguage, Record<TDecisionOutcome, string>> = {
  it: { accepted: 'accolta', rejected: 'non accolta', waitingList: 'in lista d’attesa' },
  en: { accepted: 'accepted', rejected: 'not accepted', waitingList: 'on the waiting list' },
  fr: { accepted: 'retenu', rejected: 'non retenu', waitingList: 'sur liste d’attente' },
};

const DECISION: Record<TLanguage, (call: string, org: string, outcome: string, message: string) => Mail> = {
  it: (call, org, outcome, message) => ({
    subject: `Esito della domanda: ${call}`,
    paragraphs: [`la domanda di ${org} al bando “${call}” è ${outcome}.`, ...(message ? [message] : [])],
  }),
  en: (call, org, outcome, message) => ({
    subject: `Outcome of your application: ${call}`,
    paragraphs: [`the application of ${org} to the call “${call}” is ${outcome}.`, ...(message ? [message] : [])],
  }),
  fr: (call, org, outcome, message) => ({
    subject: `Résultat de votre dossier : ${call}`,
    paragraphs: [`le dossier de ${org} pour l’appel « ${call} » est ${outcome}.`, ...(message ? [message] : [])],
  }),
};

const GREETING: Record<TLanguage, string> = { it: 'Gentile utente,', en: 'Hello,', fr: 'Bonjour,' };

/** Plain text and HTML; every value from users is escaped in the HTML, no control character reaches the subject. */
function render(mail: Mail, language: TLanguage) {
  const link = mail.link && mail.action ? `\n\n${mail.action}: ${mail.link}` : '';
  const text = `${GREETING[language]}\n\n${mail.paragraphs.join('\n\n')}${link}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(GREETING[language])}</p>${mail.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')}${
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
  return insertMail(tx, to, 'review-invitation', render({ ...INVITATION[language](callName), link }, language));
}

export function queueConflictNotice(
  tx: Tx,
  to: string,
  call: string,
  reviewer: string,
  reason: string,
  language: TLanguage,
) {
  return insertMail(tx, to, 'review-conflict', render(CONFLICT[language](call, reviewer, reason), language));
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
  const mail = DECISION[language](input.callName, input.orgName, OUTCOME_WORDS[language][input.outcome], input.message);
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
