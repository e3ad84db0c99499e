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

/**
 * The same check for an OLE container, which also wraps MSI installers, Outlook messages and
 * more: an Excel file holds a `Workbook` (or `Book`, Excel 5) stream, a Word file `WordDocument`
 * (a bare container renamed .xls or .doc must not pass). The directory is read, not the streams.
 */
export async function isAcceptedContainer(
  kind: TUploadFileType,
  mime: string | null,
  fileName: string,
  bytes: Buffer,
): Promise<boolean> {
  if (!isAccepted(kind, mime, fileName)) return false;
  if (mime !== 'application/x-cfb') return true;
  const names = await oleStreamNames(bytes);
  return kind === 'excel' ? names.has('Workbook') || names.has('Book') : names.has('WordDocument');
}

async function oleStreamNames(bytes: Buffer): Promise<Set<string>> {
  // SheetJS is loaded on the first legacy Office file only: the main thread never needs it otherwise.
  const { CFB } = await import('@e965/xlsx');
  try {
    const container = CFB.read(bytes, { type: 'buffer' }) as { FileIndex: Array<{ name: string }> };
    return new Set(container.FileIndex.map((entry) => entry.name));
  } catch {
    return new Set();
  }
}
