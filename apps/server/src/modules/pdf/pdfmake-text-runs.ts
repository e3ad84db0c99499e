import { createRequire } from 'node:module';

/**
 * One change to pdfmake 0.3.11's drawing (Renderer.renderLine), applied once per render thread:
 * pdfmake wrote every word as its own text object (colour, opacity, BT … Tm Tf TJ ET).
 * Consecutive words of one line with the same look and touching positions are drawn as one
 * string: pdfkit places text space-separated word by word anyway, so the glyphs land where they
 * did (the golden test compares `pdftotext -bbox-layout` word by word), the render takes about
 * half the CPU and the stored file is a quarter of the size (docs/decisions/0025-pdf-made-once.md).
 * The pdfmake version is pinned in package.json; upgrading it means re-checking this against its
 * Renderer.
 */
type Inline = { text: string; x: number; width: number; [key: string]: unknown };
type Line = { inlines: Inline[] };
type Proto<T> = { prototype: T };

const require = createRequire(import.meta.url);
let applied = false;

export function drawWordRunsAsOneText() {
  if (applied) return;
  applied = true;
  const { default: Renderer } = require('pdfmake/js/Renderer') as {
    default: Proto<{ renderLine(line: Line, x: number, y: number): void }>;
  };
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
