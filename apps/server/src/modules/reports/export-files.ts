import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { csvField, neutraliseCell, UTF8_BOM } from '@impact/domain';
import type { Cell } from './export-rows';

/** CSV, one line per row as the rows arrive: a BOM first, so Excel reads the accents as UTF-8. */
export function csvStream(rows: AsyncIterable<Cell[]>): Readable {
  async function* lines() {
    yield UTF8_BOM;
    for await (const row of rows) yield `${row.map(csvField).join(',')}\r\n`;
  }
  return Readable.from(lines());
}

const BATCH = 1000;

/**
 * XLSX. The rows are read page by page like the CSV, but SheetJS writes a workbook only whole, so
 * the sheet is assembled in memory (a cell costs about 100 bytes: 100,000 submissions with 30
 * columns is some 300 MB). Text cells are plain strings, never formulas, and are neutralised too,
 * so the file stays inert if someone saves it again as CSV.
 */
export async function xlsxBuffer(rows: AsyncIterable<Cell[]>, sheetName: string): Promise<Buffer> {
  const sheet = XLSX.utils.aoa_to_sheet([]);
  let batch: Cell[][] = [];
  let first = true;
  const flush = () => {
    if (!batch.length) return;
    XLSX.utils.sheet_add_aoa(sheet, batch, { origin: first ? 'A1' : -1 });
    first = false;
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row.map((c) => (typeof c === 'string' ? neutraliseCell(c) : c)));
    if (batch.length >= BATCH) flush();
  }
  flush();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, safeSheetName(sheetName));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** Excel: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string) {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Submissions'
  );
}

/** A file name for Content-Disposition: ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export function attachmentHeader(baseName: string, extension: string) {
  const ascii =
    baseName
      .normalize('NFKD')
      .replace(/[^\w .-]/g, '')
      .trim()
      .slice(0, 80) || 'export';
  const utf8 = encodeURIComponent(`${baseName.slice(0, 120)}.${extension}`);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${utf8}`;
}
