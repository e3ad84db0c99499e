import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { BoundedQueue } from './bounded-queue';

describe('BoundedQueue', () => {
  it('runs as many as allowed, queues the rest in order and refuses past the queue with 503 + Retry-After', async () => {
    const queue = new BoundedQueue(1, 2, { messageKey: 'errors.limits.workBusy', retryAfterSeconds: 5 });
    const order: number[] = [];
    let release = () => {};
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const waiting = [2, 3].map((n) => queue.run(async () => void order.push(n)));
    await Promise.resolve();
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(async () => 'ran').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, messageKey: 'errors.limits.workBusy', retryAfterSeconds: 5 });
    release();
    await Promise.all([first, ...waiting]);
    expect(order).toEqual([2, 3]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
