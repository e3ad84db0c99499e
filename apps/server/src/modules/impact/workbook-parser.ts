import type { Worker } from 'node:worker_threads';
import type { TParseWorkbookResponse, TWorkbookProblem } from '@impact/domain';
import { startWorker } from '../../lib/worker-thread';
import { WorkbookRefused } from './workbook';

/** Workbooks waiting behind the one being read; more than this answer 503 at once. */
const MAX_WAITING = 2;
/** A workbook that takes longer than this is refused as too heavy (its thread is replaced). */
const PARSE_TIMEOUT_MS = 30_000;
/** An idle thread is stopped after this, giving its memory back; the next import starts a new one. */
const IDLE_MS = 60_000;

/** The queue is full: the route answers 503 with Retry-After. */
export class WorkbookParserBusy extends Error {}

type Job = {
  id: number;
  bytes: Uint8Array<ArrayBuffer>;
  resolve: (result: TParseWorkbookResponse) => void;
  reject: (err: Error) => void;
};
type Reply = { id: number; result?: TParseWorkbookResponse; refused?: TWorkbookProblem; error?: string };

const tooHeavy = () => new WorkbookRefused({ messageKey: 'errors.impact.workbookTooHeavy' });

/**
 * Framework workbooks are read on one worker thread with a heap cap (issue 14 item 9): one import
 * at a time, a short queue behind it, a timeout. A workbook that needs more memory than the cap
 * (the thread dies with ERR_WORKER_OUT_OF_MEMORY) or more time than the timeout is refused as too
 * heavy; the server itself never holds more than the request body.
 */
export class WorkbookParser {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private idle: NodeJS.Timeout | null = null;
  private queue: Job[] = [];
  private nextId = 1;

  constructor(
    readonly maxHeapMb: number,
    readonly options: { maxWaiting?: number; timeoutMs?: number } = {},
  ) {}

  parse(bytes: Buffer): Promise<TParseWorkbookResponse> {
    if (this.queue.length >= (this.options.maxWaiting ?? MAX_WAITING))
      return Promise.reject(new WorkbookParserBusy('workbook queue full'));
    // A copy the thread can own: the request's buffer may be a slice of a larger pool.
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes: copy, resolve, reject });
      this.pump();
    });
  }

  async close() {
    for (const job of this.queue.splice(0)) job.reject(new Error('workbook parser closed'));
    this.finish(new Error('workbook parser closed'));
    await this.stopWorker();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, './workbook-worker.ts', 'workbook-worker.js', {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.on('message', (msg: Reply) => {
      if (!this.current || msg.id !== this.current.id) return;
      if (msg.result) this.finish(null, msg.result);
      else if (msg.refused) this.finish(new WorkbookRefused(msg.refused));
      else this.finish(new Error(msg.error ?? 'workbook parse failed'));
      this.pump();
    });
    const died = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const outOfMemory = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.finish(outOfMemory ? tooHeavy() : err);
      this.pump();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`workbook worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private pump() {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      this.idle ??= setTimeout(() => void this.stopWorker(), IDLE_MS).unref();
      return;
    }
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.current = job;
    const worker = this.thread();
    worker.ref();
    this.timer = setTimeout(() => {
      this.finish(tooHeavy());
      void this.stopWorker().then(() => this.pump());
    }, this.options.timeoutMs ?? PARSE_TIMEOUT_MS);
    this.timer.unref();
    worker.postMessage({ id: job.id, bytes: job.bytes }, [job.bytes.buffer]);
  }

  /** Settles the running job (if any): an error rejects it, otherwise the result resolves it. */
  private finish(err: Error | null, result?: TParseWorkbookResponse) {
    const job = this.current;
    this.current = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker?.unref();
    if (!job) return;
    if (err) job.reject(err);
    else if (result) job.resolve(result);
  }

  private async stopWorker() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate().catch(() => undefined);
  }
}
