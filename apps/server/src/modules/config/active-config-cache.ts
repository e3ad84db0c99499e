import type { TConfig } from '@impact/domain';
import type { Db } from '../../db/client';
import { classifyDatabaseError } from '../../lib/database-errors';
import { activeConfigVersion, getActiveConfig } from './service';

/** How the cache reads the database (the service's reads; a test may hold an answer back, as a slow connection would). */
export type ConfigReads = { version: typeof activeConfigVersion; config: typeof getActiveConfig };

/**
 * Every page load reads the branding, which changes a few times a year and whose logo may weigh a
 * megabyte. The cache keeps the full row; at most once per `recheckMs` it asks the database only
 * which row is active and when it changed (a lookup through the one-active index), and reads the
 * row again only when that changed. Writes on this instance invalidate it at once; on other
 * instances a change shows within `recheckMs` (one second), with no restart. Checking on every
 * request would put a query on every page load and, on the embedded database, halve throughput.
 *
 * Invariant: after `invalidate()`, no answer read before it is served or kept. A read already
 * under way when a write commits may have read the row as it was; it still answers the requests
 * that were waiting for it, but a request after the invalidation starts a read of its own, and the
 * older read, finishing later, does not store what it read (`generation`). Before, a page loaded
 * just after the save could share that older read and show the old branding for up to a second.
 */
export class ActiveConfigCache {
  private value: { config: TConfig; version: string; checkedAt: number } | null = null;
  private pending: Promise<TConfig> | null = null;
  /** The last configuration read, kept through invalidation: served while the database is down. */
  private lastKnown: TConfig | null = null;
  /** Bumped by every invalidation: a read started under an older one keeps nothing. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly recheckMs = 1_000,
    private readonly reads: ConfigReads = { version: activeConfigVersion, config: getActiveConfig },
  ) {}

  async get(): Promise<TConfig> {
    const now = Date.now();
    if (this.value && now - this.value.checkedAt < this.recheckMs) return this.value.config;
    if (this.pending) return this.pending;
    // Concurrent misses share one check (and at most one full read) instead of stampeding the database.
    const pending: Promise<TConfig> = this.refresh(now, this.generation)
      .catch((err: unknown) => {
        // Pages keep their branding through a database outage; the next call retries.
        if (this.lastKnown && classifyDatabaseError(err) === 'unavailable') return this.lastKnown;
        throw err;
      })
      .finally(() => {
        if (this.pending === pending) this.pending = null;
      });
    this.pending = pending;
    return pending;
  }

  private async refresh(now: number, generation: number): Promise<TConfig> {
    const version = await this.reads.version(this.db);
    if (this.value?.version === version) {
      this.value.checkedAt = now;
      this.lastKnown = this.value.config;
      return this.value.config;
    }
    const config = await this.reads.config(this.db);
    if (generation !== this.generation) return config;
    this.value = { config, version, checkedAt: now };
    this.lastKnown = config;
    return config;
  }

  invalidate() {
    this.generation += 1;
    this.value = null;
    this.pending = null;
  }
}
