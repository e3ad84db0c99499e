import { LANGUAGES, type TPdfExportData } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { pdfExportData } from '../../../test/pdf-export-data';
import { translator } from '../../lib/texts';
import { receiptMails, renderReceipt } from './receipt-mail';

function record(callName: string, orgName: string): TPdfExportData {
  return pdfExportData({
    callName,
    orgName,
    translations: { en: { name: `${callName} (en)` } },
    userReferenteEmail: 'contatto@ente.example',
  });
}

const closedAt = new Date('2026-11-20T10:30:00.000Z');
// Names that look like the sentences' places or like String.replace's patterns are kept as written.
const NAMES = [
  ['Bando “Quartieri”', 'Ente Uno'],
  ['Bando {{org}}', 'Ente {{call}}'],
  ['Bando $& $1', "Ente $' <b>"],
];

describe('the receipt mail', () => {
  it('says what i18next says, in every language, for an application and a report, whatever the names hold', () => {
    for (const language of LANGUAGES) {
      const tr = translator(language);
      for (const [callName = '', orgName = ''] of NAMES) {
        const data = record(callName, orgName);
        const call = language === 'en' ? `${callName} (en)` : callName;
        for (const [kind, key] of [
          ['application', 'mail.receipt'],
          ['report', 'mail.reportReceipt'],
        ] as const) {
          const names = { call, org: orgName };
          const receipt = renderReceipt(data, language, closedAt, 1, kind);
          expect(receipt.subject).toBe(tr(`${key}.subject`, names));
          expect(receipt.text).toContain(`\n\n${tr(`${key}.body`, names)}\n\n`);
          const second = renderReceipt(data, language, closedAt, 2, kind);
          expect(second.subject).toBe(`${tr(`${key}.subject`, names)} (${tr('mail.receipt.stage2')})`);
        }
      }
    }
  });

  it('escapes every name in the HTML and keeps line breaks out of the subject', () => {
    const receipt = renderReceipt(record('Bando <script>x</script>\r\nBcc: a@b.c', 'Ente & <b>'), 'it', closedAt);
    expect(receipt.html).not.toContain('<script>');
    expect(receipt.html).toContain('&lt;script&gt;');
    expect(receipt.html).toContain('Ente &amp; &lt;b&gt;');
    expect(receipt.subject).not.toMatch(/[\r\n]/);
  });

  it('gives the application’s reference, before its id, in each language; a record frozen without one says none', () => {
    for (const language of LANGUAGES) {
      const receipt = renderReceipt({ ...record('Bando', 'Ente'), reference: '2026-00042' }, language, closedAt);
      const label = translator(language)('mail.receipt.reference');
      expect(receipt.text).toMatch(new RegExp(`\\n${label}: 2026-00042\\n[^\\n]+: 11111111-`));
      expect(receipt.html).toContain('<strong>2026-00042</strong>');
    }
    const older = renderReceipt(record('Bando', 'Ente'), 'it', closedAt);
    expect(older.text).not.toContain(translator('it')('mail.receipt.reference'));
  });

  it('goes once to each address, each in its reader’s language', () => {
    const mails = receiptMails({ data: record('Bando', 'Ente'), closedAt }, 'Anna@Ente.example', 'fr', 'en');
    expect(mails.map((m) => m.to)).toEqual(['Anna@Ente.example', 'contatto@ente.example']);
    expect(mails[0]?.subject).toBe(translator('fr')('mail.receipt.subject', { call: 'Bando', org: 'Ente' }));
    expect(mails[1]?.subject).toBe(translator('en')('mail.receipt.subject', { call: 'Bando (en)', org: 'Ente' }));
    const same = receiptMails({ data: record('Bando', 'Ente'), closedAt }, 'CONTATTO@ente.example', 'it');
    expect(same).toHaveLength(1);
    // An erased contact's pseudonym (pseudonymFor) is no address.
    const erased = { ...record('Bando', 'Ente'), userReferenteEmail: 'deleted-user-ab12cd' };
    expect(receiptMails({ data: erased, closedAt }, 'anna@ente.example', 'it').map((m) => m.to)).toEqual([
      'anna@ente.example',
    ]);
  });
});
