import { availableParallelism } from 'node:os';
import type { TLanguage, TPdfExportData } from '@impact/domain';
import { ThreadPool } from '../../lib/thread-pool';
import type { RenderTask } from './render-worker';

/**
 * The process's render threads: at most one per core but one (that one is the event loop's), up
 * to four; 200 waiting renders at most (more answer 503 at once instead of piling up memory); a
 * render past 30 s (the 44-page bench document takes under one) or past its heap is stopped and
 * fails alone. A thread idle for two minutes stops: a warm one holds about 60 MB (pdfmake, the
 * fonts), and the next PDF after a quiet spell pays about a second to start one. The larger young
 * generation: a long document makes millions of short-lived objects (one per word), and with
 * V8's default semi-space the scavenges took a third of the render time.
 */
let shared: ThreadPool<RenderTask, Uint8Array> | null = null;

export function pdfRenderPool(): ThreadPool<RenderTask, Uint8Array> {
  shared ??= new ThreadPool<RenderTask, Uint8Array>({
    callerUrl: import.meta.url,
    sourceName: './render-worker.ts',
    builtName: 'pdf-render-worker.js',
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    maxQueue: 200,
    idleTimeoutMs: 120_000,
    timeoutMs: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 },
  });
  return shared;
}

/** One PDF's bytes from a render thread. */
export async function renderOnThread(data: TPdfExportData, language: TLanguage): Promise<Buffer> {
  const bytes = await pdfRenderPool().run({ data, language });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
