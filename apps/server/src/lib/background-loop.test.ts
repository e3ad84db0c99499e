import { describe, expect, it } from 'vitest';
import { startBackgroundLoop } from './background-loop';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('background loop', () => {
  it('keeps going after failures, pausing longer after each one in a row, and back to pace after a success', async () => {
    const runs: number[] = [];
    const warnings: number[] = [];
    let failUntil = 4;
    const started = Date.now();
    const stop = startBackgroundLoop(
      'test job',
      async () => {
        runs.push(Date.now() - started);
        if (runs.length <= failUntil) throw new Error('database down');
      },
      { warn: (obj) => warnings.push((obj as { retryInMs: number }).retryInMs) },
      { everyMs: 10, firstAfterMs: 0, retryAfterMs: 20, maxRetryMs: 100 },
    );
    await sleep(600);
    stop();
    const count = runs.length;
    await sleep(50);
    expect(runs.length).toBe(count); // stopped
    // Four failures, each logged with a longer pause (20, 40, 80, then the 100 ms cap)...
    expect(warnings).toEqual([20, 40, 80, 100]);
    // ...then runs every 10 ms again.
    expect(count).toBeGreaterThan(10);
    failUntil = 0;
  });

  it('never runs a task twice at once', async () => {
    let running = 0;
    let most = 0;
    const stop = startBackgroundLoop(
      'slow job',
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
      },
      { warn: () => {} },
      { everyMs: 1, firstAfterMs: 0 },
    );
    await sleep(200);
    stop();
    expect(most).toBe(1);
  });
});
