import { createRequire } from 'node:module';

/**
 * Four changes to pdfmake 0.3.11's per-word work, applied once per render thread (measured in
 * docs/decisions/0018-pdfmake-speedups.md). pdfmake lays
 * text out word by word (one "inline" per word); a long application is tens of thousands of
 * words, and these steps cost more than everything else together:
 *
 * - Fonts: every document parsed the TTF files again and shaped every distinct word again
 *   (fontkit). The parsed fonts and the shaped words are kept for the thread's life.
 * - Measuring (TextInlines.measure) looked up 22 style properties for every word by walking the
 *   style stack. Words of a plain string carry no style of their own, so one lookup per text node
 *   gives the same values.
 * - Line building (LayoutBuilder.buildNextLine) copied the rest of the paragraph's words
 *   (`_inlines.slice(1)`) for every word it placed: quadratic in the paragraph's length. Only the
 *   words glued to the next one (`noNewLine`) are read, so only those are copied.
 * - Drawing (Renderer.renderLine) wrote every word as its own text object (colour, opacity,
 *   BT … Tm Tf TJ ET). Consecutive words of one line with the same look and touching positions are
 *   drawn as one string: pdfkit places text space-separated word by word anyway (its layout
 *   cache), so the glyphs land where they did, and the file is a quarter of the size.
 *
 * Line breaks, positions and pages are unchanged. The pdfmake version is pinned in package.json;
 * render.test.ts and pdf.test.ts render documents through these paths.
 */
type Font = { lineHeight(size: number): number };
type Inline = {
  text: string;
  x: number;
  width: number;
  height: number;
  font: Font;
  fontSize: number;
  [key: string]: unknown;
};
type StyleStack = unknown;
type Line = {
  inlines: Inline[];
  lastLineInParagraph: boolean;
  hasEnoughSpaceForInline(inline: Inline, next: Inline[]): boolean;
  getAvailableWidth(): number;
  addInline(inline: Inline): void;
};
type Proto<T> = { prototype: T };

const require = createRequire(import.meta.url);
let applied = false;
const ON = new Set((process.env.PATCHES ?? 'fonts,measure,lines,draw').split(','));

/** Keys a word of a plain string has before measuring (TextBreaker, measure's first item). */
const PLAIN_KEYS = new Set(['text', 'lineEnd', 'noNewLine', 'leadingCut', 'leadingIndent']);
const LEADING = /^(\s)+/;
const TRAILING = /(\s)+$/;

function isPlain(item: Record<string, unknown>): boolean {
  for (const key in item) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}

export function applyPdfmakeSpeedups() {
  if (applied) return;
  applied = true;
  const { default: StyleContextStack } = require('pdfmake/js/StyleContextStack') as {
    default: { getStyleProperty(item: object, stack: StyleStack, property: string, fallback: unknown): unknown };
  };
  const { default: TextInlines } = require('pdfmake/js/TextInlines') as {
    default: (new (
      pdfDocument: null,
    ) => { widthOfText(text: string, inline: object): number }) &
      Proto<{
        pdfDocument: { provideFont(font: unknown, bold: unknown, italics: unknown): Font };
        widthOfText(text: string, inline: object): number;
        measure(array: Inline[], stack: StyleStack): Inline[];
      }>;
  };
  const { default: LayoutBuilder } = require('pdfmake/js/LayoutBuilder') as {
    default: Proto<{
      writer: { context(): { availableWidth: number } };
      buildNextLine(node: { _inlines?: Inline[] }): Line | null;
    }>;
  };
  const { default: Line } = require('pdfmake/js/Line') as { default: new (maxWidth: number) => Line };
  const { default: Renderer } = require('pdfmake/js/Renderer') as {
    default: Proto<{ renderLine(line: Line, x: number, y: number): void }>;
  };
  const get = StyleContextStack.getStyleProperty;

  // ---- fonts: parsed and shaped once per thread ----
  // Each document made its own fontkit font from the file's bytes, so every render decoded the
  // font's tables (cmap, hmtx, glyf index, GSUB/GPOS) and shaped every distinct word again. The
  // fontkit font is read-only once loaded: documents share it, each keeps its own subset (the
  // glyphs it embeds) and shares the measured words (pdfkit's layout cache, bounded here).
  const { default: PDFDocument } = require('pdfmake/js/PDFDocument') as {
    default: Proto<{ provideFont(family: string, bold: boolean, italics: boolean): Font }>;
  };
  type Fontkit = { postscriptName: string; head?: { checkSumAdjustment?: number }; createSubset(): unknown };
  type Embedded = Font & { font?: Fontkit; subset?: unknown; layoutCache?: Record<string, unknown> };
  const loaded = new Map<string, { font: Fontkit; words: Record<string, unknown> }>();
  const MAX_CACHED_WORDS = 20_000;
  const originalProvideFont = PDFDocument.prototype.provideFont;
  if (ON.has('fonts'))
    PDFDocument.prototype.provideFont = function provideFont(family, bold, italics) {
      const font = originalProvideFont.call(this, family, bold, italics) as Embedded;
      if (!font.font || !font.layoutCache || (font as { shared?: boolean }).shared) return font;
      (font as { shared?: boolean }).shared = true;
      speedUpEmbeddedFont(Object.getPrototypeOf(font));
      const key = `${font.font.postscriptName}/${font.font.head?.checkSumAdjustment}`;
      let entry = loaded.get(key);
      if (!entry) {
        entry = { font: font.font, words: Object.create(null) };
        loaded.set(key, entry);
      } else if (entry.font !== font.font) {
        font.font = entry.font;
        font.subset = entry.font.createSubset();
      }
      if (Object.keys(entry.words).length > MAX_CACHED_WORDS) entry.words = Object.create(null);
      font.layoutCache = entry.words;
      return font;
    };

  // pdfkit's EmbeddedFont.layout (every measured word, every drawn line) and encode, with the same
  // results: a char-code scan instead of `[' ', '\t'].includes(charAt(i))` per character, push
  // instead of concat per word, and each glyph id's hex string made once.
  type Glyph = { id: number; advanceWidth: number; codePoints: number[] };
  type Run = { glyphs: Glyph[]; positions: unknown[]; advanceWidth: number };
  type EmbeddedProto = {
    scale: number;
    widths: number[];
    unicode: unknown[];
    subset: { includeGlyph(id: number): number };
    layoutRun(text: string, features: unknown): Run;
    layoutCached(text: string): Run;
    layout(
      text: string,
      features?: unknown,
      onlyWidth?: boolean,
    ): Run | { glyphs: null; positions: null; advanceWidth: number };
    encode(text: string, features?: unknown): [string[], unknown[]];
  };
  const HEX: string[] = [];
  let fontPatched = false;
  function speedUpEmbeddedFont(proto: EmbeddedProto) {
    if (fontPatched || typeof proto.layoutCached !== 'function' || typeof proto.encode !== 'function') return;
    fontPatched = true;
    // No closure inside: tsx (tests, benches, `npm run dev`) wraps each new function in __name.
    proto.layout = function layout(text, features, onlyWidth) {
      if (features) return this.layoutRun(text, features);
      const glyphs: Glyph[] = [];
      const positions: unknown[] = [];
      let advanceWidth = 0;
      let last = 0;
      for (let i = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : -1;
        if (c === 32 || c === 9 || (c === -1 && last < i)) {
          const run = this.layoutCached(text.slice(last, i + 1));
          if (!onlyWidth) {
            for (const glyph of run.glyphs) glyphs.push(glyph);
            for (const position of run.positions) positions.push(position);
          }
          advanceWidth += run.advanceWidth;
          last = i + 1;
        }
      }
      return onlyWidth ? { glyphs: null, positions: null, advanceWidth } : { glyphs, positions, advanceWidth };
    };
    proto.encode = function encode(text, features) {
      const { glyphs, positions } = this.layout(text, features) as Run;
      const res: string[] = new Array(glyphs.length);
      for (let i = 0; i < glyphs.length; i++) {
        const glyph = glyphs[i] as Glyph;
        const gid = this.subset.includeGlyph(glyph.id);
        res[i] = HEX[gid] ??= `0000${gid.toString(16)}`.slice(-4);
        if (this.widths[gid] == null) this.widths[gid] = glyph.advanceWidth * this.scale;
        if (this.unicode[gid] == null) this.unicode[gid] = glyph.codePoints;
      }
      return [res, positions];
    };
  }

  // ---- measuring: one style lookup per text node for its plain words ----
  /** The style of a word, as TextInlines.measure looks it up (item first, then the style stack). */
  const resolve = (
    doc: { provideFont(font: unknown, bold: unknown, italics: unknown): Font },
    item: object,
    stack: StyleStack,
  ) => ({
    font: doc.provideFont(
      get(item, stack, 'font', 'Roboto'),
      get(item, stack, 'bold', false),
      get(item, stack, 'italics', false),
    ),
    alignment: get(item, stack, 'alignment', 'left'),
    fontSize: get(item, stack, 'fontSize', 12) as number,
    fontFeatures: get(item, stack, 'fontFeatures', null),
    characterSpacing: get(item, stack, 'characterSpacing', 0),
    color: get(item, stack, 'color', 'black'),
    decoration: get(item, stack, 'decoration', null),
    decorationColor: get(item, stack, 'decorationColor', null),
    decorationStyle: get(item, stack, 'decorationStyle', null),
    decorationThickness: get(item, stack, 'decorationThickness', null),
    background: get(item, stack, 'background', null),
    link: get(item, stack, 'link', null),
    linkToPage: get(item, stack, 'linkToPage', null),
    linkToDestination: get(item, stack, 'linkToDestination', null),
    noWrap: get(item, stack, 'noWrap', null),
    opacity: get(item, stack, 'opacity', 1),
    sup: get(item, stack, 'sup', false),
    sub: get(item, stack, 'sub', false),
    lineHeight: get(item, stack, 'lineHeight', 1) as number,
    preserveLeadingSpaces: get(item, stack, 'preserveLeadingSpaces', false),
    preserveTrailingSpaces: get(item, stack, 'preserveTrailingSpaces', false),
  });
  type Style = ReturnType<typeof resolve>;

  if (ON.has('measure'))
    TextInlines.prototype.measure = function measure(array, stack) {
      if (array.length) {
        const first = array[0] as Inline;
        const leadingIndent = get(first, stack, 'leadingIndent', 0) as number;
        if (leadingIndent) {
          first.leadingCut = -leadingIndent;
          first.leadingIndent = leadingIndent;
        }
      }
      let shared: Style | null = null;
      for (const item of array) {
        let style: Style;
        if (isPlain(item)) {
          shared ??= resolve(this.pdfDocument, {}, stack);
          style = shared;
        } else style = resolve(this.pdfDocument, item, stack);
        // Named stores in measure's order: every word gets the same shape.
        item.font = style.font;
        item.alignment = style.alignment;
        item.fontSize = style.sup || style.sub ? style.fontSize * 0.58 : style.fontSize;
        item.fontFeatures = style.fontFeatures;
        item.characterSpacing = style.characterSpacing;
        item.color = style.color;
        item.decoration = style.decoration;
        item.decorationColor = style.decorationColor;
        item.decorationStyle = style.decorationStyle;
        item.decorationThickness = style.decorationThickness;
        item.background = style.background;
        item.link = style.link;
        item.linkToPage = style.linkToPage;
        item.linkToDestination = style.linkToDestination;
        item.noWrap = style.noWrap;
        item.opacity = style.opacity;
        item.sup = style.sup;
        item.sub = style.sub;
        item.width = this.widthOfText(item.text, item);
        item.height = item.font.lineHeight(item.fontSize) * style.lineHeight;
        if (!item.leadingCut) item.leadingCut = 0;
        if (!style.preserveLeadingSpaces) {
          const leading = LEADING.exec(item.text);
          if (leading) (item.leadingCut as number) += this.widthOfText(leading[0], item);
        }
        item.trailingCut = 0;
        if (!style.preserveTrailingSpaces) {
          const trailing = TRAILING.exec(item.text);
          if (trailing) item.trailingCut = this.widthOfText(trailing[0], item);
        }
      }
      return array;
    };

  // ---- line building: no copy of the rest of the paragraph per word ----
  // LayoutBuilder.buildNextLine as in pdfmake 0.3.11, except that hasEnoughSpaceForInline gets
  // only the words it reads (those glued to the next by `noNewLine`), not `_inlines.slice(1)`.
  const NONE: Inline[] = [];
  const glued = (inlines: Inline[], start: number) => {
    if (!inlines[start]?.noNewLine) return NONE;
    let end = start + 1;
    while (end < inlines.length && inlines[end]?.noNewLine) end++;
    return inlines.slice(start + 1, end + 1);
  };
  const measurer = new TextInlines(null);
  /** The longest prefix of `text` that fits `maxWidth` (at least one character). */
  const maxFitLength = (text: string, maxWidth: number, inline: Inline) => {
    let low = 1;
    let high = text.length;
    let best = 1;
    while (low <= high) {
      const mid = Math.floor((low + high) / 2);
      if (measurer.widthOfText(text.substring(0, mid), inline) <= maxWidth) {
        best = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return best;
  };
  if (ON.has('lines'))
    LayoutBuilder.prototype.buildNextLine = function buildNextLine(node) {
      const inlines = node._inlines;
      if (!inlines || inlines.length === 0) return null;
      const line = new Line(this.writer.context().availableWidth);
      // The line's words are taken from the front at the end (one splice per line, not a shift per
      // word: shifting a promoted array moves every remaining word each time).
      let taken = 0;
      let forceContinue = false;
      while (
        taken < inlines.length &&
        (line.hasEnoughSpaceForInline(inlines[taken] as Inline, glued(inlines, taken)) || forceContinue)
      ) {
        let hardWrap = false;
        const inline = inlines[taken] as Inline;
        if (!inline.noWrap && inline.text.length > 1 && inline.width > line.getAvailableWidth()) {
          const maxChars = maxFitLength(inline.text, line.getAvailableWidth(), inline);
          if (maxChars < inline.text.length) {
            const rest: Inline = { ...inline };
            rest.text = inline.text.substr(maxChars);
            inline.text = inline.text.substr(0, maxChars);
            rest.width = measurer.widthOfText(rest.text, rest);
            inline.width = measurer.widthOfText(inline.text, inline);
            inlines[taken] = rest; // the rest of the word is the next to place
            hardWrap = true;
          }
        }
        if (!hardWrap) taken++;
        line.addInline(inline);
        forceContinue = Boolean(inline.noNewLine) && !hardWrap;
      }
      inlines.splice(0, taken);
      line.lastLineInParagraph = inlines.length === 0;
      return line;
    };

  // ---- drawing: one text object per run of same-looking words ----
  /** A word drawn on its own: anything pdfkit draws or links per text call, or spacing it adds. */
  const alone = (i: Inline) =>
    Boolean(
      i.characterSpacing ||
        i.fontFeatures ||
        i.link ||
        i.linkToPage ||
        i.linkToDestination ||
        i.decoration ||
        i.background ||
        i.sup ||
        i.sub ||
        i._pageNodeRef ||
        i._pageRef ||
        i._tocItemRef ||
        i.justifyShift,
    );
  /** b continues a's text object: same font, size, colour, opacity, line height, and starts where a ends. */
  const joinable = (a: Inline, b: Inline) =>
    a.font === b.font &&
    a.fontSize === b.fontSize &&
    a.color === b.color &&
    a.opacity === b.opacity &&
    a.height === b.height &&
    a.alignment === b.alignment &&
    Math.abs(a.x + a.width - b.x) < 1e-6 &&
    !alone(b);

  function mergedInlines(inlines: Inline[]): Inline[] | null {
    let out: Inline[] | null = null;
    for (let i = 0; i < inlines.length; ) {
      const first = inlines[i] as Inline;
      let end = i + 1;
      if (!alone(first))
        while (end < inlines.length && joinable(inlines[end - 1] as Inline, inlines[end] as Inline)) end++;
      if (end - i === 1) {
        out?.push(first);
      } else {
        out ??= inlines.slice(0, i);
        let text = '';
        let width = 0;
        for (let k = i; k < end; k++) {
          text += (inlines[k] as Inline).text;
          width += (inlines[k] as Inline).width;
        }
        out.push({ ...first, text, width });
      }
      i = end;
    }
    return out;
  }

  const originalRenderLine = Renderer.prototype.renderLine;
  if (ON.has('draw'))
    Renderer.prototype.renderLine = function renderLine(line, x, y) {
      // A page reference line rewrites its first word into a page number: drawn as pdfmake does.
      const merged = (line as { _pageNodeRef?: unknown })._pageNodeRef ? null : mergedInlines(line.inlines);
      if (!merged) return originalRenderLine.call(this, line, x, y);
      const inlines = line.inlines;
      line.inlines = merged;
      try {
        return originalRenderLine.call(this, line, x, y);
      } finally {
        line.inlines = inlines;
      }
    };
}
