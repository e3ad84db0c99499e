import { ACCEPTED_MIME, type TUploadFileType } from '@impact/domain';
import { fileTypeFromBuffer } from 'file-type';

/**
 * The type of a file decided by its bytes, never its name or the browser's claim: a renamed
 * executable is not a PDF. Legacy .xls/.doc are OLE containers ("cfb"); the extension then
 * tells Excel from Word, as nothing else can.
 */
export async function detectMime(bytes: Buffer): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found?.mime ?? null;
}

export function isAccepted(kind: TUploadFileType, mime: string | null, fileName: string): boolean {
  if (!mime || !ACCEPTED_MIME[kind].includes(mime)) return false;
  if (mime === 'application/x-cfb') {
    const lower = fileName.toLowerCase();
    return kind === 'excel' ? lower.endsWith('.xls') : lower.endsWith('.doc');
  }
  return true;
}
