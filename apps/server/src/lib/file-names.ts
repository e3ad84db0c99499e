/**
 * A file name as we store and show it. Bidirectional controls (U+202A–U+202E, U+2066–U+2069,
 * U+200E/F, U+061C) would let "invoice‮fdp.exe" display as "invoiceexe.pdf" in the admin's list;
 * other control characters and path separators have no place in a name either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff/\\]/g;

export function cleanFileName(name: string, fallback = 'file'): string {
  // Cut at 255 without leaving half of a surrogate pair at the end.
  const cleaned = name
    .normalize('NFC')
    .replace(UNWANTED, '')
    .trim()
    .slice(0, 255)
    .replace(/[\ud800-\udbff]$/, '');
  return cleaned.replace(/^\.+$/, '') || fallback;
}

/** The extensions a type is known by, the usual one first. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/msword': ['.doc'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
};

/**
 * The name a file is stored and downloaded under ends as its bytes are typed: a PDF sent as
 * "poly.html" is kept as "poly.html.pdf", so whoever downloads it opens a PDF, not a page
 * (found in a security review). Types known only by their container (old Office) keep the
 * extension they were accepted for.
 */
export function nameMatchingType(fileName: string, mime: string | null): string {
  const extensions = mime ? EXTENSIONS[mime] : undefined;
  const usual = extensions?.[0];
  if (!extensions || !usual) return fileName.slice(0, 255);
  const lower = fileName.toLowerCase();
  if (extensions.some((ext) => lower.endsWith(ext))) return fileName.slice(0, 255);
  return `${fileName.slice(0, 255 - usual.length)}${usual}`;
}

/** Names longer than this (in UTF-16 units, as JavaScript counts) are shortened in download headers. */
const MAX_DOWNLOAD_NAME = 150;

/** A short extension ("csv", "pdf") kept when a name is shortened, so the file still opens. */
const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

/** Cuts whole characters only: half an emoji (a lone surrogate) cannot be encoded and threw. */
function shorten(name: string, max: number): string {
  const chars = Array.from(name).filter((c) => !/^[\ud800-\udfff]$/.test(c));
  if (chars.join('').length <= max) return chars.join('');
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  let kept = '';
  for (const c of chars) {
    if (kept.length + c.length > max - ext.length) break;
    kept += c;
  }
  return `${kept}${ext}`;
}

/** RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * and ! as they are; only ! is allowed. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The ASCII name for clients that ignore filename*: accents folded ("è" → "e"), anything else
 * outside printable ASCII dropped, and the characters a quoted string or a lenient parser would
 * misread (quote, backslash, percent) replaced.
 */
function asciiFallback(name: string, fallback: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\%]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  // Only the extension left (a name all in another script): say what it is instead.
  return ascii && ascii !== ext ? ascii : `${fallback}${ext}`;
}

/**
 * The Content-Disposition of every download (RFC 6266): an ASCII `filename` for old clients and
 * the exact name as `filename*=UTF-8''…` (RFC 5987) for the rest. Any name is safe here: any
 * length, any script or emoji, quotes, control characters and line breaks (which would otherwise
 * make the header invalid and the answer a 500).
 */
export function attachmentDisposition(fileName: string, fallback = 'download'): string {
  const cleaned = cleanFileName(shorten(fileName, MAX_DOWNLOAD_NAME), fallback);
  const name = cleaned === EXTENSION.exec(cleaned)?.[0] ? `${fallback}${cleaned}` : cleaned;
  return `attachment; filename="${asciiFallback(name, fallback)}"; filename*=UTF-8''${rfc5987(name)}`;
}
