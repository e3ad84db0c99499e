import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@impact/domain';
import { SERVER_TEXTS } from '@impact/texts';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../modules/email/templates';
import { idpTexts } from '../modules/idp/texts';
import { pdfLabels } from '../modules/pdf/labels';
import { translator } from './texts';

describe('the server texts (packages/texts through i18next)', () => {
  it('fills placeholders and leaves none behind', () => {
    for (const language of LANGUAGES) {
      const labels = pdfLabels(language);
      expect(labels.sroiRange({ low: '1', high: '3', score: '2' })).toMatch(/1.*3.*2/);
      expect(labels.sdgCode(7)).toMatch(/^(SDG|ODD) 7$/);
      const idp = idpTexts(language);
      expect(idp.passwordHint).toMatch(/\d/);
      expect(idp.locked('5 min')).toContain('5 min');
      expect(idp.checkEmailText('a@b.example')).toContain('a@b.example');
      const plain = [...Object.values(labels), ...Object.values(idp)].filter((v) => typeof v === 'string');
      expect(plain.join(' ')).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('elides French "de" and "que" before an inserted name that starts with a vowel', () => {
    const values = { org: 'Associazione Il Ponte', call: 'Orti' };
    expect(translator('fr')('mail.grantClosed.body', values)).toMatch(/^La subvention d’Associazione Il Ponte /);
    expect(translator('it')('mail.grantClosed.body', values)).toMatch(/^Il contributo di Associazione Il Ponte /);
    expect(translator('fr')('mail.grantClosed.body', { ...values, org: 'Verde Futuro' })).toMatch(
      /^La subvention de Verde Futuro /,
    );
    // The name's own words are kept as typed.
    expect(translator('fr')('mail.grantClosed.body', { ...values, org: 'Instituto de Estudos' })).toMatch(
      /^La subvention d’Instituto de Estudos /,
    );
  });

  it('has the same placeholders in it, en and fr', () => {
    type Tree = { [key: string]: string | Tree };
    const placeholders = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object'
          ? placeholders(v, `${prefix}${k}.`)
          : [
              `${prefix}${k}: ${[...v.matchAll(/\{\{(\w+)\}\}/g)]
                .map((m) => m[1])
                .sort()
                .join(',')}`,
            ],
      );
    const italian = placeholders(SERVER_TEXTS.it);
    expect(placeholders(SERVER_TEXTS.en)).toEqual(italian);
    expect(placeholders(SERVER_TEXTS.fr)).toEqual(italian);
  });

  it('prints a value that looks like a placeholder or a nesting as typed', () => {
    const t = translator('it');
    expect(t('mail.receipt.subject', { call: '{{org}} $t(pdf.title)' })).toBe(
      'Ricevuta della candidatura: {{org}} $t(pdf.title)',
    );
  });

  it('still escapes what users typed in the HTML of a mail', () => {
    const mail = renderMail('verify-email', 'fr', {
      firstName: '<b>Zoé</b>',
      appName: 'Bandi & Co',
      link: 'https://x.example/?a=1&b=2',
    });
    expect(mail.text).toContain('Bonjour <b>Zoé</b>,');
    expect(mail.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Zoé');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail – Bandi & Co');
  });
  it('speaks Italian mail as the glossary says: tu, never voi or Lei, and no greeting to a nameless user', () => {
    type Tree = { [key: string]: string | Tree };
    const values = (tree: Tree): string[] =>
      Object.values(tree).flatMap((v) => (typeof v === 'object' ? values(v) : [v]));
    const mail = values(SERVER_TEXTS.it.mail as Tree).join('\n');
    // The second person plural and the courtesy form, as the mails had written them.
    for (const form of [
      /\bAccedete\b/,
      /\bvostr[aoei]\b/,
      /\bsiete\b/,
      /\bvi aspetta\b/,
      /\bseguite\b/,
      /\bla legga\b/,
    ])
      expect(mail).not.toMatch(form);
    expect(mail).not.toMatch(/Gentile utente/);
  });

  it('speaks Italian pages as the glossary says: tu, never voi (the award letter, to the organization, aside)', () => {
    type Tree = { [key: string]: string | Tree };
    const values = (tree: Tree): string[] =>
      Object.values(tree).flatMap((v) => (typeof v === 'object' ? values(v) : [v]));
    const web = path.resolve(import.meta.dirname, '../../../web/src');
    const files = [
      `${web}/locales/it.json`,
      ...fs.readdirSync(`${web}/features`).map((feature) => `${web}/features/${feature}/locales/it.json`),
    ].filter((f) => fs.existsSync(f));
    expect(files.length).toBeGreaterThan(10);
    const { grantLetter: _letter, ...pages } = SERVER_TEXTS.it as Tree;
    const texts = [
      ...values(pages),
      ...files.flatMap((f) => values(JSON.parse(fs.readFileSync(f, 'utf8')) as Tree)),
    ].join('\n');
    // Plural forms of address, and an imperative with its pronoun ("compilatelo", "Sceglietene"),
    // which only the second person plural writes; Lei's courtesy forms.
    for (const form of [
      /\b[Vv]ostr[aoei]\b/,
      /\b[Ss]iete\b/,
      /\b[Pp]otete\b/,
      /\b(Scrivete|Accedete|accedete|Indicate|Stabilite|Chiudete|Leggete|Scegliete|Aggiungete|Inserite|Spuntate)\b/,
      /\b\w+(ate|ete|ite)(lo|la|li|le|ne)\b/,
      /\b(la legga|La preghiamo|Le chiediamo)\b/,
    ])
      expect(texts).not.toMatch(form);
  });
});
