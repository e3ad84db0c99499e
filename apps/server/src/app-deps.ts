import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { ActiveConfigCache } from './modules/config/active-config-cache';
import type { FileStorage } from './modules/files/storage';
import type { SharedLimits } from './plugins/shared-limits';

/** What every module receives: no globals, so tests build as many apps as they like. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  db: Db;
  configCache: ActiveConfigCache;
  /** Where file bytes live (PostgreSQL chunks or S3); see modules/files/storage. */
  storage: FileStorage;
  /** Where rate limits are counted (Redis across instances, or this process); see plugins/shared-limits. */
  limits: SharedLimits;
};
