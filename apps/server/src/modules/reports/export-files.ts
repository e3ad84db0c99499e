import { Readable } from 'node:stream';
import { csvField, UTF8_BOM } from '@impact/domain';
import type { Cell, ExportedRows } from './export-rows';
import { xlsxStream } from './xlsx-stream';

const csvLines = (rows: Cell[][]) => rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');

/**
 * CSV, written a page at a time as the pages are read (export-rows.ts): a BOM first, so Excel
 * reads the accents as UTF-8; every text field neutralised (csvField).
 */
export function csvStream(pages: ExportedRows['pages']): Readable {
  async function* chunks() {
    yield Buffer.from(UTF8_BOM, 'utf8');
    for await (const text of pages(csvLines)) yield Buffer.from(text, 'utf8');
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** XLSX, written as the pages arrive, with the same flat memory as the CSV (xlsx-stream.ts). */
export function xlsxFileStream(
  pages: ExportedRows['pages'],
  sheetName: string,
  more: ExportedRows['sheets'] = [],
): Readable {
  return Readable.from(xlsxStream(pages, sheetName, more), { objectMode: false });
}
