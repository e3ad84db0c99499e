/**
 * A file name as we store and show it. Bidirectional controls (U+202A–U+202E, U+2066–U+2069,
 * U+200E/F, U+061C) would let "invoice‮fdp.exe" display as "invoiceexe.pdf" in the admin's list;
 * other control characters and path separators have no place in a name either (issue 14 item 9).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff/\\]/g;

export function cleanFileName(name: string, fallback = 'file'): string {
  const cleaned = name.normalize('NFC').replace(UNWANTED, '').trim().slice(0, 255);
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
 * (found by the review of issue 16). Types known only by their container (old Office) keep the
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
