type Log = { warn(obj: object, msg: string): void };

export type BackgroundLoopOptions = {
  /** Pause between two runs that went well. */
  everyMs: number;
  /** Pause before the first run. */
  firstAfterMs?: number;
  /** Pause after a first failure, doubled on each failure in a row up to `maxRetryMs`. */
  retryAfterMs?: number;
  maxRetryMs?: number;
};

/**
 * Runs `task` in the background, one run at a time, for the life of the process. A run that
 * fails (the database down, a PDF that cannot be made) is logged and tried again after a pause
 * that doubles with each failure in a row, so an outage is neither hammered nor fatal; the first
 * success brings the normal pace back. Returns the stop function.
 */
export function startBackgroundLoop(
  name: string,
  task: () => Promise<unknown>,
  log: Log,
  options: BackgroundLoopOptions,
): () => void {
  const retryAfterMs = options.retryAfterMs ?? options.everyMs;
  const maxRetryMs = options.maxRetryMs ?? Math.max(options.everyMs, 5 * 60_000);
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = async () => {
    try {
      await task();
      failures = 0;
      schedule(options.everyMs);
    } catch (err) {
      failures += 1;
      const pause = Math.min(maxRetryMs, retryAfterMs * 2 ** (failures - 1));
      log.warn({ err, failures, retryInMs: pause }, `${name} failed; tried again later`);
      schedule(pause);
    }
  };
  schedule(options.firstAfterMs ?? options.everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
