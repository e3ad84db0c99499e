import pLimit from 'p-limit';
import { AppError } from './app-error';

/**
 * At most `concurrency` tasks run at once; the others wait their turn in order, up to
 * `maxWaiting` of them; one more is refused at once with 503 + Retry-After (`refusal`). A burst
 * of Submits at a deadline waits here instead of in the database pool, whose waiters fail after
 * its connection timeout (docs/decisions/0026-closing-in-parallel-and-cheap.md).
 */
export class BoundedQueue {
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(
    concurrency: number,
    private readonly maxWaiting: number,
    private readonly refusal: { messageKey: string; retryAfterSeconds: number },
  ) {
    this.limit = pLimit(concurrency);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.limit.pendingCount >= this.maxWaiting) return Promise.reject(new AppError('unavailable', this.refusal));
    return this.limit(task);
  }

  /** Running and waiting now (tests, the bench). */
  get size() {
    return { running: this.limit.activeCount, waiting: this.limit.pendingCount };
  }
}
