import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { largeExportData } from '../../../../../bench/pdf-data';
import { renderPdf } from './render';

type Word = { text: string; box: number[] };

/** Every word poppler finds, with its box (`pdftotext -bbox-layout`), page by page in reading order. */
function wordsOf(pdf: Buffer): Word[] {
  const html = execFileSync('pdftotext', ['-bbox-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  }).toString('utf8');
  const words: Word[] = [];
  for (const m of html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g))
    words.push({ text: m[5] ?? '', box: [m[1], m[2], m[3], m[4]].map(Number) });
  return words;
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('drawing word runs as one text (pdfmake-text-runs.ts)', () => {
  it('lays out the bench document exactly as pdfmake does: the same words on the same pages in the same boxes', async () => {
    const unpatched = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../../../test/render-unpatched.ts')],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const patched = await renderPdf(largeExportData(), 'it');
    expect(pageCount(patched)).toBe(pageCount(unpatched));
    const mine = wordsOf(patched);
    const theirs = wordsOf(unpatched);
    expect(mine.length).toBeGreaterThan(30_000);
    expect(mine.map((w) => w.text)).toEqual(theirs.map((w) => w.text));
    // Positions agree to a millionth of a point (the sum of widths rounds in the last digit).
    const moved = mine.filter((w, i) => w.box.some((v, k) => Math.abs(v - (theirs[i]?.box[k] ?? Number.NaN)) > 1e-3));
    expect(moved).toEqual([]);
    // What the change is for: the file is much smaller.
    expect(patched.length).toBeLessThan(unpatched.length / 2);
  }, 120_000);
});
