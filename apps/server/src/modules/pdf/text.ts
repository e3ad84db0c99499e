/** Text for the PDF: user HTML reduced to plain text, and nothing a PDF font cannot take. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  euro: '€',
  egrave: 'è',
  eacute: 'é',
  agrave: 'à',
  ograve: 'ò',
  ugrave: 'ù',
  igrave: 'ì',
  ccedil: 'ç',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Control characters (except tab and newline) and lone surrogates are dropped: they have no glyph
 * and some would corrupt the text layer. Characters the font lacks (emoji, CJK) stay: they print
 * as an empty box, the document still opens.
 */
export function safeText(text: string): string {
  return breakLongWords(
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, ''),
  );
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

/** Rich text (the editor's allow-listed HTML) as readable plain text: paragraphs, line breaks, bullets. */
export function htmlToText(html: string): string {
  if (!/<[a-z!/]/i.test(html)) return safeText(decodeEntities(html));
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|tr|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return safeText(decodeEntities(text))
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
