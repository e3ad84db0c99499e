import type { TParseWorkbookResponse, TWorkbookProblem } from '@impact/domain';
import { parseWorkbook, WorkbookRefused } from './workbook';

/**
 * The workbook thread: SheetJS reads a workbook synchronously (seconds and hundreds of MB for a
 * large one), so it runs here, under the pool's heap cap, and the server's event loop keeps
 * answering requests. Only the parsed framework (plain data) or the refusal goes back: an error's
 * class does not cross threads, so a refusal is a value.
 */
export type WorkbookReply = { result: TParseWorkbookResponse } | { refused: TWorkbookProblem };

export default async function readWorkbook(bytes: Uint8Array): Promise<WorkbookReply> {
  try {
    return { result: await parseWorkbook(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (err) {
    if (err instanceof WorkbookRefused) return { refused: err.problem };
    throw err;
  }
}
