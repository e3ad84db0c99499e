import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { TLanguage, TPdfExportData } from '@impact/domain';
import { startWorker } from '../../lib/worker-thread';

/** A render that takes longer than this is stuck: its thread is replaced and the request fails. */
const RENDER_TIMEOUT_MS = 60_000;
/** Waiting renders beyond this answer 503 at once instead of piling up memory. */
const MAX_QUEUE = 200;
/**
 * A thread with nothing to do for this long is stopped: a warm render thread holds about 60 MB
 * (pdfmake, the fonts), a third of the server's idle memory (issue 16). The next PDF after a
 * quiet spell pays about a second to start one.
 */
const IDLE_MS = 120_000;

export class PdfBusyError extends Error {}

type Job = {
  id: number;
  data: TPdfExportData;
  language: TLanguage;
  resolve: (bytes: Buffer) => void;
  reject: (err: Error) => void;
};
type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null; idle: NodeJS.Timeout | null };

/** A render thread (built: pdf-render-worker.js beside main.js; from source: render-worker.ts). */
function newWorker(): Worker {
  // A larger young generation: a long document makes millions of short-lived objects (one per
  // word), and with V8's default semi-space the scavenges took a third of the render time.
  return startWorker(import.meta.url, './render-worker.ts', 'pdf-render-worker.js', {
    resourceLimits: { maxYoungGenerationSizeMb: 128 },
  });
}

/**
 * One bounded pool of render threads for the whole process: at most `size` PDFs are laid out at
 * once (one core is left to the event loop), the rest wait in a bounded queue. Threads start on
 * first use, stay warm while PDFs are asked for and stop after IDLE_MS without work; they do not
 * keep the process alive.
 */
export class PdfRenderPool {
  private slots: Slot[] = [];
  private queue: Job[] = [];
  private nextId = 1;

  constructor(readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  render(data: TPdfExportData, language: TLanguage): Promise<Buffer> {
    if (this.queue.length >= MAX_QUEUE) return Promise.reject(new PdfBusyError('render queue full'));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, data, language, resolve, reject });
      this.pump();
    });
  }

  async close() {
    const slots = this.slots;
    this.slots = [];
    for (const job of this.queue.splice(0)) job.reject(new Error('pdf renderer closed'));
    await Promise.all(slots.map((s) => this.retire(s, new Error('pdf renderer closed'))));
  }

  private spawn(): Slot {
    const worker = newWorker();
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null, idle: null };
    worker.on('message', (msg: { id?: number; bytes?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (!job || msg.id !== job.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = null;
      slot.timer = null;
      worker.unref();
      slot.idle = setTimeout(() => void this.retire(slot, new Error('idle')), IDLE_MS).unref();
      if (msg.bytes) job.resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
      else job.reject(new Error(msg.error ?? 'pdf render failed'));
      this.pump();
    });
    const fail = (err: Error) => {
      void this.retire(slot, err);
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`pdf worker exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** Removes a thread (crashed, stuck or closing); its job, if any, fails. */
  private async retire(slot: Slot, err: Error) {
    this.slots = this.slots.filter((s) => s !== slot);
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = null;
    job?.reject(err);
    await slot.worker.terminate().catch(() => undefined);
  }

  private pump() {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.job) ?? (this.slots.length < this.size ? this.spawn() : null);
      if (!slot) return;
      const job = this.queue.shift() as Job;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.job = job;
      slot.timer = setTimeout(() => {
        void this.retire(slot, new Error('pdf render timed out'));
        this.pump();
      }, RENDER_TIMEOUT_MS);
      slot.timer.unref();
      // Busy threads keep the process alive (a script awaiting a PDF); idle ones do not.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, data: job.data, language: job.language });
    }
  }
}

let shared: PdfRenderPool | null = null;

/** The process's one pool. */
export function pdfRenderPool(): PdfRenderPool {
  shared ??= new PdfRenderPool();
  return shared;
}
