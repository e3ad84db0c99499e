import { Piscina } from 'piscina';

/** Every thread is busy and the queue behind them is full: answer 503 with Retry-After. */
export class ThreadPoolBusy extends Error {}
/** The task ran past its time limit; its thread was stopped and will be replaced. */
export class ThreadTaskTimedOut extends Error {}
/** The task needed more memory than its thread may have; the thread died and will be replaced. */
export class ThreadOutOfMemory extends Error {}

export type ThreadPoolOptions = {
  /** The caller's import.meta.url: the worker module is found beside it. */
  callerUrl: string;
  /** The worker's TypeScript file, relative to the caller (tests, `npm run dev:server`). */
  sourceName: string;
  /** The worker's file in dist/ beside main.js (apps/server/build.ts makes one entry per worker). */
  builtName: string;
  maxThreads: number;
  /** Tasks that may wait for a thread; one more is refused at once (ThreadPoolBusy). */
  maxQueue: number;
  /** A thread idle this long is stopped, giving its memory back. */
  idleTimeoutMs: number;
  /** A task running longer fails alone: its thread is stopped (ThreadTaskTimedOut). */
  timeoutMs: number;
  /** Each thread's heap: a task past it fails alone (ThreadOutOfMemory), the process never does. */
  resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number };
};

/**
 * Slow, synchronous work (laying out a PDF, reading a workbook, checking survey answers) runs on
 * piscina's threads so the event loop keeps answering everyone else. Each task has a deadline
 * and each thread a heap limit: a hostile or unlucky task fails with its own error, its thread is
 * replaced, and nothing else waits on it.
 */
export class ThreadPool<TTask, TResult> {
  private readonly pool: Piscina;
  /** Tasks running or waiting. Counted here: piscina's own maxQueue lets a task past it when no thread is free yet. */
  private inFlight = 0;

  constructor(private readonly options: ThreadPoolOptions) {
    const fromSource = options.callerUrl.endsWith('.ts');
    this.pool = new Piscina({
      filename: new URL(fromSource ? options.sourceName : `./${options.builtName}`, options.callerUrl).href,
      // From source the worker is TypeScript: the thread loads it through tsx, as the tests do.
      ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
      minThreads: 0,
      maxThreads: options.maxThreads,
      idleTimeout: options.idleTimeoutMs,
      resourceLimits: options.resourceLimits,
      // Threads wait for tasks asleep on a message, not spinning on Atomics: idle threads cost no CPU.
      atomics: 'disabled',
    });
  }

  async run(task: TTask, transferList?: ArrayBuffer[]): Promise<TResult> {
    if (this.inFlight >= this.options.maxThreads + this.options.maxQueue)
      throw new ThreadPoolBusy('thread pool queue full');
    this.inFlight += 1;
    try {
      return (await this.pool.run(task, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        ...(transferList ? { transferList } : {}),
      })) as TResult;
    } catch (err) {
      throw classify(err);
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Tasks finished since the pool started (the tests count renders with it). */
  get completed(): number {
    return this.pool.completed;
  }

  /** Threads currently started (for tests and the health page). */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** Stops every thread at once, busy or not, as a crash would (the crash test). */
  async killThreads(): Promise<void> {
    await Promise.all(this.pool.threads.map((thread) => thread.terminate()));
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}

function classify(err: unknown): unknown {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError') return new ThreadTaskTimedOut('thread task timed out', { cause: err });
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') return new ThreadOutOfMemory('thread out of memory', { cause: err });
  return err;
}
