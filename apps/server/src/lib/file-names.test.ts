import { describe, expect, it } from 'vitest';
import { cleanFileName, nameMatchingType } from './file-names';

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
