import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type SharedLimits = {
  /** The client for @fastify/rate-limit's Redis store; null: counted in this process only. */
  redis: Redis | null;
  /** Prefix of every counter key, so installs (or test runs) sharing a Redis never mix counts. */
  nameSpace: string;
  /** For /readyz: 'off' without REDIS_URL, 'degraded' while Redis is unreachable (limits not enforced). */
  status(): 'ok' | 'degraded' | 'off';
  close(): Promise<void>;
};

const READY_WAIT_MS = 2000;

/**
 * Rate limits and sign-in throttles counted in Redis when REDIS_URL is set, so N instances give a
 * client the limit once, not N times. If Redis goes away requests keep being served (fail open:
 * an outage of the counter must not become an outage of the app), it is logged once, and /readyz
 * says `rateLimits: degraded`. Commands never queue while disconnected and time out fast, so a
 * dead Redis costs a request at most a few hundred milliseconds.
 */
export async function createSharedLimits(
  url: string | null,
  nameSpace: string,
  log: FastifyBaseLogger,
): Promise<SharedLimits> {
  if (!url) return { redis: null, nameSpace, status: () => 'off', close: async () => {} };
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let down = false;
  let closing = false;
  const lost = (reason: string) => {
    if (down || closing) return;
    down = true;
    log.warn({ reason }, 'Redis unreachable: rate limits are not enforced until it is back');
  };
  redis.on('error', (err) => lost(err.message));
  redis.on('close', () => lost('connection closed'));
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again: rate limits enforced across instances');
    down = false;
  });
  // Wait briefly for the first connection so the first requests are counted too; start anyway if it does not come.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, READY_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    redis,
    nameSpace,
    status: () => (redis.status === 'ready' ? 'ok' : 'degraded'),
    close: async () => {
      closing = true;
      redis.disconnect();
    },
  };
}
