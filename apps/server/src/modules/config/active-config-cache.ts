import type { TConfig } from '@impact/domain';
import type { Db } from '../../db/client';
import { getActiveConfig } from './service';

/**
 * Every page load reads the branding, which changes a few times a year. A few seconds of reuse
 * turns hundreds of identical queries a second into one. Writes on this instance invalidate it at
 * once; other instances see a change within `ttlMs`, which is acceptable for branding.
 */
export class ActiveConfigCache {
  private value: { config: TConfig; expiresAt: number } | null = null;
  private pending: Promise<TConfig> | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  async get(): Promise<TConfig> {
    if (this.value && this.value.expiresAt > Date.now()) return this.value.config;
    // Concurrent misses share one query instead of stampeding the database.
    this.pending ??= getActiveConfig(this.db)
      .then((config) => {
        this.value = { config, expiresAt: Date.now() + this.ttlMs };
        return config;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  invalidate() {
    this.value = null;
  }
}
