import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, nameMatchingType } from './file-names';

describe('file names', () => {
  it('end as the bytes were typed, whatever the sender called them', () => {
    expect(nameMatchingType('poly.html', 'application/pdf')).toBe('poly.html.pdf');
    expect(nameMatchingType('Statuto.PDF', 'application/pdf')).toBe('Statuto.PDF');
    expect(nameMatchingType('foto.jpeg', 'image/jpeg')).toBe('foto.jpeg');
    expect(nameMatchingType('foto.png', 'image/jpeg')).toBe('foto.png.jpg');
    expect(nameMatchingType('bilancio.xls', 'application/x-cfb')).toBe('bilancio.xls');
    expect(nameMatchingType(`${'a'.repeat(300)}.exe`, 'application/pdf')).toMatch(/^a{251}\.pdf$/);
  });

  it('lose control and direction characters and path separators', () => {
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('../../etc/passwd')).toBe('....etcpasswd');
    expect(cleanFileName('...')).toBe('file');
  });
});

describe('download names (RFC 6266)', () => {
  const names = (header: string) => ({
    ascii: /filename="([^"]*)"/.exec(header)?.[1],
    utf8: decodeURIComponent(/filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1] ?? ''),
  });

  it('give an ASCII fallback and the exact name, for any script', () => {
    expect(attachmentDisposition('Città – résumé.pdf')).toBe(
      `attachment; filename="Citta resume.pdf"; filename*=UTF-8''Citt%C3%A0%20%E2%80%93%20r%C3%A9sum%C3%A9.pdf`,
    );
    expect(names(attachmentDisposition('日本語.csv', 'export'))).toEqual({ ascii: 'export.csv', utf8: '日本語.csv' });
  });

  it('stay one valid header line whatever the name holds', () => {
    for (const name of [
      `${'a'.repeat(119)}🌱 - ranking.csv`,
      `${'🌱'.repeat(400)}.xlsx`,
      'say "hi"\r\nSet-Cookie: x=1.pdf',
      "it's (100%) * fine\\.pdf",
      '\ud83c.pdf',
      '',
    ]) {
      const header = attachmentDisposition(name);
      expect(header, name).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/,
      );
      expect(() => names(header), name).not.toThrow();
      expect(names(header).utf8.length, name).toBeLessThanOrEqual(150);
    }
  });

  it('keep the extension when a long name is shortened', () => {
    const { ascii, utf8 } = names(attachmentDisposition(`${'è'.repeat(300)}🌱.xlsx`));
    expect(utf8).toMatch(/^è{145}\.xlsx$/);
    expect(ascii).toMatch(/^e{145}\.xlsx$/);
  });
});
