import { execFileSync } from 'node:child_process';
import type { TPdfExportData } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { pdfExportData } from '../../../test/pdf-export-data';
import { buildDocument } from './document';
import { renderPdf } from './render';
import { printable } from './text';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

function record(answers: string[]): TPdfExportData {
  return pdfExportData({
    sectionsForPDF: answers.map((answer, i) => ({
      stepId: `s${i}`,
      sectionName: `Domanda ${i + 1}`,
      stepType: 'text',
      questions: JSON.stringify({ question: `<p>Descrivete la <strong>fase ${i + 1}</strong>.</p>` }),
      answers: JSON.stringify({ answer }),
    })),
  });
}

// pdfmake draws each line's same-looking words as one string (pdfmake-text-runs.ts), and every
// thread renders many documents: what that must not change.
describe('rendering the application PDF', () => {
  it('keeps every word of long paragraphs in order, including a word wider than the page', () => {
    const words = Array.from({ length: 900 }, (_, i) => `parola${i}`);
    const long = `https://example.org/${'a'.repeat(300)}`;
    const answer = `<p>${words.slice(0, 450).join(' ')}</p><p>${long} ${words.slice(450).join(' ')}</p>`;
    return renderPdf(record([answer]), 'it').then((pdf) => {
      // Without the footers, which poppler puts where each page ends.
      const text = pdfText(pdf).replace(/Bando di prova 20 novembre 2026 alle ore 11:30 CET Pagina \d+ \/ \d+ /g, '');
      expect(text).toContain(words.slice(0, 450).join(' '));
      expect(text).toContain(words.slice(450).join(' '));
      // The long word is split over lines (poppler may join them with a space or nothing).
      expect(text.replace(/ /g, '')).toContain(long);
      expect(text).toContain('Descrivete la fase 1.');
    });
  });

  it('a document made after another on the same thread embeds its own glyphs and nothing else', async () => {
    const plain = record(['Solo testo latino, niente altro.']);
    const first = await renderPdf(plain, 'it');
    const other = await renderPdf(record(['Ελληνικά, кириллица, àèìòù, 🌱 漢字']), 'it');
    const again = await renderPdf(plain, 'it');
    expect(pdfText(other)).toContain('Ελληνικά, кириллица, àèìòù,');
    expect(pdfText(again)).toBe(pdfText(first));
    // Same glyph subsets, so the same size: the Greek and Cyrillic of `other` did not leak in.
    expect(again.length).toBe(first.length);
  });

  it('lays out ten 12,000-letter words in about a second, every letter kept (it was 5.6 s for one)', async () => {
    const word = 'abcdefghij'.repeat(1_200);
    const started = performance.now();
    const pdf = await renderPdf(record([Array.from({ length: 10 }, () => word).join(' ')]), 'it');
    expect(performance.now() - started).toBeLessThan(5_000);
    const text = pdfText(pdf)
      .replace(/Bando di prova 20 novembre 2026 alle ore 11:30 CET Pagina \d+ \/ \d+ /g, '')
      .replace(/[\s\u200b]/g, '');
    expect(text.split(word).length - 1).toBe(10);
  });
});

describe('characters the font lacks', () => {
  it('prints a narrow no-break space (French numbers, pasted French text) as a no-break space', () => {
    const doc = buildDocument(record(['<p>Bonjour\u202f; merci\u202f! 18\u202f000\u00a0€</p>']), 'fr');
    const content = JSON.stringify(doc.content);
    expect(content).not.toContain('\u202f');
    expect(content).toContain('Bonjour\u00a0; merci\u00a0! 18\u00a0000\u00a0€');
    expect(printable('1\u202f250,00\u00a0€')).toBe('1\u00a0250,00\u00a0€');
  });
});
