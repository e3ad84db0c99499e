import type { TParseWorkbookResponse } from '@impact/domain';
import { ThreadOutOfMemory, ThreadPool, ThreadPoolBusy, ThreadTaskTimedOut } from '../../lib/thread-pool';
import { WorkbookRefused } from './workbook';
import type { WorkbookReply } from './workbook-worker';

/** Workbooks waiting behind the one being read; more than this answer 503 at once. */
const MAX_WAITING = 2;
/** A workbook that takes longer than this is refused as too heavy (its thread is replaced). */
const PARSE_TIMEOUT_MS = 30_000;
/** An idle thread is stopped after this, giving its memory back; the next import starts a new one. */
const IDLE_MS = 60_000;

/** The queue is full: the route answers 503 with Retry-After. */
export class WorkbookParserBusy extends Error {}

const tooHeavy = () => new WorkbookRefused({ messageKey: 'errors.impact.workbookTooHeavy' });

/**
 * Framework workbooks are read on one thread with a heap cap: one import at a time, a short queue
 * behind it, a deadline. A workbook that needs more memory than the cap or more time than the
 * deadline is refused as too heavy; the server itself never holds more than the request body.
 */
export class WorkbookParser {
  private readonly pool: ThreadPool<Uint8Array, WorkbookReply>;

  constructor(maxHeapMb: number, options: { maxWaiting?: number; timeoutMs?: number } = {}) {
    this.pool = new ThreadPool({
      callerUrl: import.meta.url,
      sourceName: './workbook-worker.ts',
      builtName: 'workbook-worker.js',
      maxThreads: 1,
      maxQueue: options.maxWaiting ?? MAX_WAITING,
      idleTimeoutMs: IDLE_MS,
      timeoutMs: options.timeoutMs ?? PARSE_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
  }

  async parse(bytes: Buffer): Promise<TParseWorkbookResponse> {
    // A copy the thread can own: the request's buffer may be a slice of a larger pool.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    let reply: WorkbookReply;
    try {
      reply = await this.pool.run(copy, [copy.buffer]);
    } catch (err) {
      if (err instanceof ThreadPoolBusy) throw new WorkbookParserBusy('workbook queue full');
      if (err instanceof ThreadTaskTimedOut || err instanceof ThreadOutOfMemory) throw tooHeavy();
      throw err;
    }
    if ('refused' in reply) throw new WorkbookRefused(reply.refused);
    return reply.result;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
