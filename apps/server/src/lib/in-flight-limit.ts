/**
 * At most `max` tasks in flight per key (a user): one person cannot fill a shared queue (the
 * render threads) and make everyone else wait behind their requests. Counts only what runs now,
 * so nothing can go stale: a key's count goes back down as each of its tasks ends.
 */
export class InFlightLimit {
  private readonly running = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Runs `task` if the key has a free place, else returns `refused` without running it. */
  async run<T, R>(key: string, task: () => Promise<T>, refused: () => R): Promise<T | R> {
    const now = this.running.get(key) ?? 0;
    if (now >= this.max) return refused();
    this.running.set(key, now + 1);
    try {
      return await task();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }
}
