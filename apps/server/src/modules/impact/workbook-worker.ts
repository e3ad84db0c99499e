import { parentPort } from 'node:worker_threads';
import { parseWorkbook, WorkbookRefused } from './workbook';

/**
 * The workbook thread: SheetJS reads a workbook synchronously (seconds and hundreds of MB for a
 * large one), so it runs here, under the heap cap the parser gives this thread, and the server's
 * event loop keeps answering requests. Only the parsed framework (plain data) goes back.
 */
type Job = { id: number; bytes: Uint8Array };

parentPort?.on('message', (job: Job) => {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    parentPort?.postMessage({ id: job.id, result: parseWorkbook(bytes) });
  } catch (err) {
    if (err instanceof WorkbookRefused) parentPort?.postMessage({ id: job.id, refused: err.problem });
    else parentPort?.postMessage({ id: job.id, error: String((err as Error)?.message ?? err).slice(0, 500) });
  }
});
