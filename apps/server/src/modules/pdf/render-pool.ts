import { availableParallelism } from 'node:os';
import { timeZone } from '../../lib/moments';
import { ThreadPool } from '../../lib/thread-pool';
import type { RenderTask, ThreadTask } from './render-worker';

/**
 * The process's render threads: at most one per core but one (that one is the event loop's), up
 * to four; 200 waiting renders at most (more answer 503 at once instead of piling up memory); a
 * render past 30 s (the 44-page bench document takes under one) or past its heap is stopped and
 * fails alone. A thread idle for RENDER_THREAD_IDLE_MS stops: after rendering a long document it
 * holds about 70 MB (pdfmake, the fonts, its heap), and since each record's PDF is made once and
 * stored (decision 0025) renders are rare but for a deadline's receipts, which come one after
 * another and keep it warm; the next PDF after a quiet spell pays about a second to start one
 * (measured: 344 MB RSS with the thread warm, 275 MB ten seconds after it stopped). The larger young
 * generation: a long document makes millions of short-lived objects (one per word), and with
 * V8's default semi-space the scavenges took a third of the render time.
 */
/** How long a render thread waits for the next PDF before it stops and gives its memory back. */
export const RENDER_THREAD_IDLE_MS = 10_000;

let shared: ThreadPool<ThreadTask, Uint8Array> | null = null;

export function pdfRenderPool(): ThreadPool<ThreadTask, Uint8Array> {
  shared ??= new ThreadPool<ThreadTask, Uint8Array>({
    callerUrl: import.meta.url,
    sourceName: './render-worker.ts',
    builtName: 'pdf-render-worker.js',
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    maxQueue: 200,
    idleTimeoutMs: RENDER_THREAD_IDLE_MS,
    timeoutMs: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 },
  });
  return shared;
}

/** One PDF's bytes from a render thread: a record in a language, or a letter's text. */
export async function renderOnThread(task: RenderTask): Promise<Buffer> {
  const bytes = await pdfRenderPool().run({ ...task, timeZone: timeZone() });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
