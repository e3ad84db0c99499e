import { expect } from 'vitest';

/**
 * Retries `read` until it matches `expected` or `withinMs` passes, then asserts once more (so a
 * failure shows the last value). For what another instance or plain SQL changed, where what this
 * instance keeps may take a moment (a cache's time to live) to show it.
 */
export async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 2_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    try {
      expect(value).toEqual(expected);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
