import { Readable } from 'node:stream';
import { csvField, UTF8_BOM } from '@impact/domain';
import type { Cell } from './export-rows';
import { xlsxStream } from './xlsx-stream';

/** Lines are handed on in chunks of about this many characters, not one by one. */
const CHUNK = 64 * 1024;

/**
 * CSV, written as the rows arrive (they are read from the database a page at a time, and the
 * next page is read only when the client has taken this one): a BOM first, so Excel reads the
 * accents as UTF-8; every text field neutralised (csvField).
 */
export function csvStream(rows: AsyncIterable<Cell[]>): Readable {
  async function* chunks() {
    let out = UTF8_BOM;
    for await (const row of rows) {
      out += `${row.map(csvField).join(',')}\r\n`;
      if (out.length >= CHUNK) {
        yield Buffer.from(out, 'utf8');
        out = '';
      }
    }
    yield Buffer.from(out, 'utf8');
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** XLSX, written as the rows arrive, with the same flat memory as the CSV (xlsx-stream.ts). */
export function xlsxFileStream(rows: AsyncIterable<Cell[]>, sheetName: string): Readable {
  return Readable.from(xlsxStream(rows, sheetName), { objectMode: false });
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
