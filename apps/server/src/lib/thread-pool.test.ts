import { afterEach, describe, expect, it } from 'vitest';
import { ThreadOutOfMemory, ThreadPool, ThreadPoolBusy, ThreadTaskTimedOut } from './thread-pool';

type Kind = 'ok' | 'spin' | 'grow' | 'exit' | 'throw';

describe('thread pool: a task that goes wrong fails alone, and the next one runs', () => {
  let pool: ThreadPool<Kind, string>;
  const make = (options: { timeoutMs?: number; maxQueue?: number } = {}) => {
    pool = new ThreadPool<Kind, string>({
      callerUrl: import.meta.url,
      sourceName: '../../test/thread-pool-worker.ts',
      builtName: 'unused.js',
      maxThreads: 1,
      maxQueue: options.maxQueue ?? 10,
      idleTimeoutMs: 1_000,
      timeoutMs: options.timeoutMs ?? 3_000,
      resourceLimits: { maxOldGenerationSizeMb: 48 },
    });
    return pool;
  };
  afterEach(async () => {
    await pool?.close();
  });

  it('a task past its deadline is stopped', async () => {
    make({ timeoutMs: 1_500 });
    expect(await pool.run('ok')).toBe('done'); // the thread is up
    await expect(pool.run('spin')).rejects.toBeInstanceOf(ThreadTaskTimedOut);
    expect(await pool.run('ok')).toBe('done');
  });

  it('a task past its heap limit kills only its thread', async () => {
    make({ timeoutMs: 20_000 });
    await expect(pool.run('grow')).rejects.toBeInstanceOf(ThreadOutOfMemory);
    expect(await pool.run('ok')).toBe('done');
  });

  it('a thread that dies mid-task (killed) fails that task; the pool starts another', async () => {
    make();
    await expect(pool.run('exit')).rejects.toThrow();
    await expect(pool.run('throw')).rejects.toThrow('the task failed');
    expect(await pool.run('ok')).toBe('done');
  });

  it('a full queue refuses at once instead of piling up', async () => {
    make({ timeoutMs: 1_500, maxQueue: 1 });
    expect(await pool.run('ok')).toBe('done'); // the thread is up
    const running = pool.run('spin').catch((e) => e);
    // The deadline counts from the request: those that wait behind the spinning task end with it.
    const behind = await Promise.all(Array.from({ length: 5 }, () => pool.run('ok').catch((e) => e)));
    expect(await running).toBeInstanceOf(ThreadTaskTimedOut);
    const busy = behind.filter((r) => r instanceof ThreadPoolBusy).length;
    expect(busy).toBeGreaterThanOrEqual(3);
    expect(behind.filter((r) => r instanceof ThreadTaskTimedOut).length).toBe(5 - busy);
    expect(await pool.run('ok')).toBe('done');
  });
});
