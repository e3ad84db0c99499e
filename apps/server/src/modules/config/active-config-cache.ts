import type { TConfig } from '@impact/domain';
import type { Db } from '../../db/client';
import { classifyDatabaseError } from '../../lib/database-errors';
import { activeConfigVersion, getActiveConfig } from './service';

/**
 * Every page load reads the branding, which changes a few times a year and whose logo may weigh a
 * megabyte. The cache keeps the full row; at most once per `recheckMs` it asks the database only
 * which row is active and when it changed (a lookup through the one-active index), and reads the
 * row again only when that changed. Writes on this instance invalidate it at once; on other
 * instances a change shows within `recheckMs` (one second), with no restart. Checking on every
 * request would put a query on every page load and, on the embedded database, halve throughput.
 */
export class ActiveConfigCache {
  private value: { config: TConfig; version: string; checkedAt: number } | null = null;
  private pending: Promise<TConfig> | null = null;
  /** The last configuration read, kept through invalidation: served while the database is down. */
  private lastKnown: TConfig | null = null;

  constructor(
    private readonly db: Db,
    private readonly recheckMs = 1_000,
  ) {}

  async get(): Promise<TConfig> {
    const now = Date.now();
    if (this.value && now - this.value.checkedAt < this.recheckMs) return this.value.config;
    // Concurrent misses share one check (and at most one full read) instead of stampeding the database.
    this.pending ??= this.refresh(now)
      .catch((err: unknown) => {
        // Pages keep their branding through a database outage; the next call retries.
        if (this.lastKnown && classifyDatabaseError(err) === 'unavailable') return this.lastKnown;
        throw err;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  private async refresh(now: number): Promise<TConfig> {
    const version = await activeConfigVersion(this.db);
    if (this.value?.version === version) {
      this.value.checkedAt = now;
      this.lastKnown = this.value.config;
      return this.value.config;
    }
    const config = await getActiveConfig(this.db);
    this.value = { config, version, checkedAt: now };
    this.lastKnown = config;
    return config;
  }

  invalidate() {
    this.value = null;
  }
}
