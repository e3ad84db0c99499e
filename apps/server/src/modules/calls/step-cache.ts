import type { TStep } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { steps, stepTypes } from '../../db/schema';
import { toStep } from './step-row';

/** How long a step definition is used without reading it again. */
export const STEP_CACHE_MS = 5_000;
/** Steps remembered at most; the least recently used go first. */
export const STEP_CACHE_MAX = 10_000;

export type CachedStep = { step: TStep; callTypeId: string };

/**
 * Step definitions for the autosave's hot path: every write needs its step's type and limits, and
 * they change only when an admin saves a call type (docs/decisions/0012-autosave-in-one-statement.md).
 * One per app instance.
 *
 * Invariant: a definition is at most STEP_CACHE_MS older than the database, and none read before
 * this instance's last save of a call type is used after it (`forget`, called by the routes
 * once the save has committed, also keeps reads under way from being stored). Other instances see
 * a save within STEP_CACHE_MS. The write itself still checks in SQL that the step belongs to the
 * submission's call. Reads of one step at one time are shared; an unknown step is not remembered.
 */
export class StepCache {
  private readonly cache: LRUCache<string, CachedStep>;

  constructor(db: Db, ttlMs = STEP_CACHE_MS) {
    this.cache = new LRUCache<string, CachedStep>({
      max: STEP_CACHE_MAX,
      ttl: ttlMs,
      // A read that `forget` overtook is answered to its caller but not stored.
      ignoreFetchAbort: true,
      fetchMethod: async (stepId) => {
        const [row] = await db
          .select({ step: steps, typeName: stepTypes.name })
          .from(steps)
          .leftJoin(stepTypes, eq(stepTypes.id, steps.stepTypeId))
          .where(eq(steps.id, stepId));
        return row ? { step: toStep(row.step, row.typeName), callTypeId: row.step.callTypeId } : undefined;
      },
    });
  }

  async get(stepId: string): Promise<CachedStep | null> {
    return (await this.cache.fetch(stepId)) ?? null;
  }

  /** A call type's steps changed (or were removed) on this instance: read them afresh. */
  forget(): void {
    this.cache.clear();
  }
}
