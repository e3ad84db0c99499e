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
