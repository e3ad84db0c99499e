import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../lib/app-error';
import { detectMime } from '../../lib/detect-type';

/** Raster images a browser displays, as file-type names them from the bytes. */
const RASTER = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
]);

/**
 * The SVG allow-list: shapes, text, gradients and clipping only. No script, no event handler
 * (no on* attribute is listed), no foreignObject (HTML inside SVG), no <use>/<image>/<a>/href
 * (references to other documents), no style element or attribute (CSS can fetch URLs).
 */
const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'title',
  'desc',
];
const SVG_ATTRIBUTES = [
  'xmlns',
  'version',
  'viewBox',
  'width',
  'height',
  'preserveAspectRatio',
  'id',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'visibility',
  'display',
];
/** Attribute values may point inside the document (url(#gradient)), never outside it. */
const EXTERNAL_REFERENCE = /url\(\s*['"]?\s*(?!#)|javascript:|data:|&#|\\/i;

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: Object.fromEntries(SVG_TAGS.map((t) => [t, SVG_ATTRIBUTES])),
  allowedSchemes: [],
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Their text must not survive as stray characters either.
  nonTextTags: ['script', 'style', 'foreignObject', 'foreignobject', 'noscript', 'iframe', 'textarea', 'option'],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([, v]) => !EXTERNAL_REFERENCE.test(v))),
    }),
  },
};

const notAnImage = () =>
  new AppError('unsupportedMediaType', {
    messageKey: 'errors.config.logoNotImage',
    errors: [{ path: 'logoBase64', messageKey: 'errors.config.logoNotImage' }],
  });

/** An SVG reduced to the allow-list; null when nothing of an SVG document is left. */
export function sanitizeSvg(source: string): string | null {
  const clean = sanitizeHtml(source, SVG_OPTIONS).trim();
  return /^<svg[\s>]/.test(clean) && clean.endsWith('</svg>') ? clean : null;
}

/**
 * The logo as it will be stored and served: a `data:` URL whose type comes from the bytes, never
 * from what the browser claimed. Raster images keep their bytes (a browser never runs script in
 * them); an SVG is rebuilt from the allow-list above, so a script or handler cannot survive.
 * Anything else is refused (415).
 */
export async function normaliseLogo(dataUrl: string | null): Promise<string | null> {
  if (dataUrl === null || dataUrl === '') return null;
  const match = /^data:[^;,]*(;[^,]*)?,(.*)$/s.exec(dataUrl);
  if (!match) throw notAnImage();
  const isBase64 = /;base64/i.test(match[1] ?? '');
  const payload = match[2] ?? '';
  const bytes = isBase64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  if (bytes.length === 0) throw notAnImage();
  const mime = await detectMime(bytes);
  if (mime && RASTER.has(mime)) return `data:${mime};base64,${bytes.toString('base64')}`;
  // SVG is text: file-type sees nothing, or XML when it starts with a prolog.
  if (mime && mime !== 'application/xml') throw notAnImage();
  const svg = sanitizeSvg(bytes.toString('utf8'));
  if (!svg) throw notAnImage();
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The stored logo's bytes and type, for GET Config/GetLogo. */
export function decodeLogo(dataUrl: string): { mime: string; bytes: Buffer } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(dataUrl);
  return match?.[1] && match[2] !== undefined ? { mime: match[1], bytes: Buffer.from(match[2], 'base64') } : null;
}
