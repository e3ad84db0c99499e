import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import type { Cell } from './export-rows';
import { columnName, escapeXml, xlsxStream } from './xlsx-stream';

async function workbook(rows: Cell[][], sheetName = 'Bando') {
  // The header alone, then pages of 1,000 rows, as export-rows.ts hands them over.
  async function* pages(format: (rows: Cell[][]) => string) {
    yield format(rows.slice(0, 1));
    for (let i = 1; i < rows.length; i += 1_000) yield format(rows.slice(i, i + 1_000));
  }
  const parts: Buffer[] = [];
  for await (const c of xlsxStream(pages, sheetName)) parts.push(c);
  return XLSX.read(Buffer.concat(parts), { type: 'buffer', cellFormula: true, cellStyles: true });
}

describe('xlsxStream', () => {
  it('SheetJS reads the rows back: accents, numbers, booleans, blanks, and text that is never a formula', async () => {
    const rows: Cell[][] = [
      ['Organizzazione', 'Budget', 'Chiuso', 'Note'],
      ['Società Àurora', 1234.5, true, 'già fatto — ok 🌍'],
      ['=HYPERLINK("http://evil.example","clic")', -3, false, null],
      ['+39 011 123', 0, null, '@SUM(A1:A2)'],
      ['-2+3', null, null, '\t=1+1'],
      ['\r=1+1', null, null, 'a < b & "c" > d\u0007'],
    ];
    const book = await workbook(rows, 'Bando: Città/2027 [prova]');
    expect(book.SheetNames).toEqual(['Bando  Città 2027  prova']);
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const read = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    expect(read).toEqual([
      ['Organizzazione', 'Budget', 'Chiuso', 'Note'],
      ['Società Àurora', 1234.5, true, 'già fatto — ok 🌍'],
      [`'=HYPERLINK("http://evil.example","clic")`, -3, false, null],
      ["'+39 011 123", 0, null, "'@SUM(A1:A2)"],
      ["'-2+3", null, null, "'\t=1+1"],
      ["'\r=1+1", null, null, 'a < b & "c" > d'],
    ]);
    const cells = Object.entries(sheet).filter(([k]) => !k.startsWith('!'));
    expect(cells.some(([, c]) => (c as XLSX.CellObject).f)).toBe(false);
    expect(sheet.A1?.t).toBe('s');
    expect(sheet.B2).toMatchObject({ t: 'n', v: 1234.5 });
    expect(sheet.C2).toMatchObject({ t: 'b', v: true });
  });

  it('writes many rows in one pass (the sheet part spans many deflate chunks)', async () => {
    const rows: Cell[][] = [['n', 'testo']];
    for (let i = 1; i <= 5_000; i++) rows.push([i, `riga ${i} è qui`]);
    const sheet = (await workbook(rows)).Sheets.Bando;
    if (!sheet) throw new Error('no sheet');
    expect(sheet['!ref']).toBe('A1:B5001');
    expect(sheet.B5001?.v).toBe('riga 5000 è qui');
  });

  it('names columns past Z and escapes what XML cannot hold raw', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(escapeXml('<a href="x">&\r\u0000\uD800ok\uD83C\uDF0D')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#13;ok🌍');
  });
});
