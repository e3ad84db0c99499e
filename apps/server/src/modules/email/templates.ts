import type { TLanguage } from '@impact/domain';
import { escapeHtml } from '../../lib/html';

export type MailTemplate = 'verify-email' | 'reset-password' | 'already-registered';
export type MailParams = { firstName: string; link: string; appName: string };

type Texts = { subject: string; greeting: string; body: string; action: string; footer: string };

const TEXTS: Record<MailTemplate, Record<TLanguage, Texts>> = {
  'verify-email': {
    it: {
      subject: 'Conferma il tuo indirizzo e-mail',
      greeting: 'Ciao {firstName},',
      body: 'grazie per esserti registrato su {appName}. Conferma il tuo indirizzo e-mail per completare la registrazione. Il link vale 72 ore.',
      action: 'Conferma e-mail',
      footer: 'Se non hai richiesto tu la registrazione, ignora questo messaggio.',
    },
    en: {
      subject: 'Confirm your e-mail address',
      greeting: 'Hello {firstName},',
      body: 'thank you for registering on {appName}. Confirm your e-mail address to complete the registration. The link is valid for 72 hours.',
      action: 'Confirm e-mail',
      footer: 'If you did not register, please ignore this message.',
    },
    fr: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour {firstName},',
      body: 'merci de votre inscription sur {appName}. Confirmez votre adresse e-mail pour terminer l’inscription. Le lien est valable 72 heures.',
      action: 'Confirmer l’e-mail',
      footer: 'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
    },
  },
  'reset-password': {
    it: {
      subject: 'Reimposta la tua password',
      greeting: 'Ciao {firstName},',
      body: 'abbiamo ricevuto una richiesta di reimpostare la password del tuo account {appName}. Il link vale 2 ore.',
      action: 'Reimposta password',
      footer: 'Se non hai richiesto tu il cambio, ignora questo messaggio: la password resta invariata.',
    },
    en: {
      subject: 'Reset your password',
      greeting: 'Hello {firstName},',
      body: 'we received a request to reset the password of your {appName} account. The link is valid for 2 hours.',
      action: 'Reset password',
      footer: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe',
      greeting: 'Bonjour {firstName},',
      body: 'nous avons reçu une demande de réinitialisation du mot de passe de votre compte {appName}. Le lien est valable 2 heures.',
      action: 'Réinitialiser le mot de passe',
      footer: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    },
  },
  'already-registered': {
    it: {
      subject: 'Hai già un account',
      greeting: 'Ciao {firstName},',
      body: 'qualcuno ha provato a registrarsi su {appName} con questo indirizzo, che ha già un account. Se hai dimenticato la password puoi reimpostarla.',
      action: 'Reimposta password',
      footer: 'Se non sei stato tu, ignora questo messaggio.',
    },
    en: {
      subject: 'You already have an account',
      greeting: 'Hello {firstName},',
      body: 'someone tried to register on {appName} with this address, which already has an account. If you forgot your password you can reset it.',
      action: 'Reset password',
      footer: 'If this was not you, ignore this message.',
    },
    fr: {
      subject: 'Vous avez déjà un compte',
      greeting: 'Bonjour {firstName},',
      body: 'quelqu’un a tenté de s’inscrire sur {appName} avec cette adresse, qui a déjà un compte. Si vous avez oublié votre mot de passe, vous pouvez le réinitialiser.',
      action: 'Réinitialiser le mot de passe',
      footer: 'Si ce n’était pas vous, ignorez ce message.',
    },
  },
};

const fill = (text: string, params: MailParams) =>
  text.replace(/\{(firstName|appName)\}/g, (_, k: 'firstName' | 'appName') => params[k]);

/** Plain text and HTML of one mail; every value from users is escaped in the HTML. */
export function renderMail(template: MailTemplate, language: TLanguage, params: MailParams) {
  const t = TEXTS[template][language];
  const greeting = fill(t.greeting, params);
  const body = fill(t.body, params);
  const text = `${greeting}\n\n${body}\n\n${t.action}: ${params.link}\n\n${t.footer}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,Arial,sans-serif;color:#212529;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#087f5b;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(params.link)}</p>
<p style="font-size:13px;color:#868e96">${escapeHtml(t.footer)}</p></body></html>`;
  return { subject: `${t.subject} – ${params.appName}`, text, html };
}
