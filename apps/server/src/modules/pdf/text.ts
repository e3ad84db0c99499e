/** Text for the PDF: user HTML reduced to plain text, and nothing a PDF font cannot take. */
import { richTextToPlain, withoutControlCharacters } from '../../lib/rich-text-plain';

/**
 * Control characters and lone surrogates dropped (`withoutControlCharacters`), and long runs given
 * places to break (`breakLongWords`).
 */
export function safeText(text: string): string {
  return breakLongWords(withoutControlCharacters(text));
}

/**
 * Roboto has no narrow no-break space (U+202F), which Intl puts in French numbers ("18 000,00 €")
 * and in some languages' times, and which French text pasted from a word processor holds before
 * ";:!?": it printed as an empty box. The no-break space it has keeps the same words together.
 */
export function printable(text: string): string {
  return text.includes('\u202f') ? text.replace(/\u202f/g, '\u00a0') : text;
}

/** Every string of a document definition made `printable` (its texts, tables, headers and footers). */
export function printableDocument<T>(node: T): T {
  if (typeof node === 'string') return printable(node) as T;
  if (Array.isArray(node)) return node.map(printableDocument) as T;
  if (node && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, printableDocument(value)])) as T;
  }
  return node;
}

/** Longer runs than this without a break opportunity get one every WORD_PIECE characters. */
const LONG_WORD = 60;
const WORD_PIECE = 40;
const LONG_RUN = new RegExp(`[^\\s\u200b]{${LONG_WORD},}`, 'g');
const PIECE = new RegExp(`[^]{1,${WORD_PIECE}}`, 'gu');

/**
 * pdfmake fits a word wider than the line by trying ever shorter pieces of it, which is quadratic
 * in the word's length: one 12,000-letter word took 5.6 s to lay out, and a hostile answer could
 * hold many. A zero-width space every 40 characters of a long run (a URL, a pasted hash) gives
 * the line breaker places to break; it has no width and no glyph is drawn for it.
 */
export function breakLongWords(text: string): string {
  return text.replace(LONG_RUN, (run) => (run.match(PIECE) ?? [run]).join('\u200b'));
}

/** Rich text (the editor's allow-listed HTML) as readable plain text, with places to break long runs. */
export function htmlToText(html: string): string {
  return breakLongWords(richTextToPlain(html));
}
