import { ZHealth } from '@impact/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

const READINESS_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Liveness says the process answers; readiness says it can serve (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, limits, storage }) => {
  /** Whether the last check found the file storage failing: its reason is logged once per failure, not per probe. */
  let storageFailing = false;
  /**
   * Shared services whose absence degrades but does not stop an instance: it stays in the load
   * balancer (every instance would be taken out at once otherwise) and says what is missing.
   */
  const sharedChecks = async (): Promise<Record<string, 'ok' | 'degraded'>> => {
    const checks: Record<string, 'ok' | 'degraded'> = {};
    const rate = limits.status();
    if (rate !== 'off') checks.rateLimits = rate;
    if (storage.primary.backend === 's3') {
      checks.fileStorage = await withTimeout(storage.primary.check(), READINESS_TIMEOUT_MS).then(
        () => {
          if (storageFailing) app.log.info('file storage answers again');
          storageFailing = false;
          return 'ok' as const;
        },
        (err: unknown) => {
          if (!storageFailing) app.log.warn({ err }, 'file storage check failed: readiness says degraded');
          storageFailing = true;
          return 'degraded' as const;
        },
      );
    }
    return checks;
  };

  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: ZHealth } }, logLevel: 'warn' },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: ZHealth, 503: ZHealth } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await withTimeout(database.ping(), READINESS_TIMEOUT_MS);
        return { status: 'ok' as const, checks: { database: 'ok' as const, ...(await sharedChecks()) } };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, checks: { database: 'failed' as const } });
      }
    },
  );
};
