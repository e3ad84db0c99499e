import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TLanguage, TPdfExportData } from '@impact/domain';
import { buildDocument } from './document';
import { drawWordRunsAsOneText } from './pdfmake-text-runs';

const require = createRequire(import.meta.url);
type PdfMake = {
  virtualfs: { writeFileSync(name: string, data: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(doc: unknown): { getBuffer(): Promise<Buffer> };
};

let pdfmake: PdfMake | null = null;

/**
 * pdfmake with the Roboto fonts (Latin with accents, Greek, Cyrillic) read into its in-memory file
 * system, and no access to URLs or local files at all, so nothing in a document (a logo, user
 * text) can make the server fetch or read anything. Without our drawing change (the golden test
 * renders with this alone).
 */
export function loadPdfmake(): PdfMake {
  const lib = require('pdfmake') as PdfMake;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts/Roboto');
  const files = {
    normal: 'Roboto-Regular.ttf',
    bold: 'Roboto-Medium.ttf',
    italics: 'Roboto-Italic.ttf',
    bolditalics: 'Roboto-MediumItalic.ttf',
  };
  for (const file of Object.values(files)) lib.virtualfs.writeFileSync(file, readFileSync(path.join(dir, file)));
  lib.setFonts({ Roboto: files });
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy(() => false);
  return lib;
}

/** pdfmake, set up once per thread, drawing each line's words in runs (pdfmake-text-runs.ts): records and letters alike. */
export function engine(): PdfMake {
  if (pdfmake) return pdfmake;
  pdfmake = loadPdfmake();
  drawWordRunsAsOneText();
  return pdfmake;
}

/** The PDF bytes of one submission record (runs in a render worker; callable directly in tests and benches). */
export async function renderPdf(data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  return engine().createPdf(buildDocument(data, language)).getBuffer();
}
