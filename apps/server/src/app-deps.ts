import type PgBoss from 'pg-boss';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { CallerLookups } from './modules/auth/caller-lookups';
import type { StepCache } from './modules/calls/step-cache';
import type { ActiveConfigCache } from './modules/config/active-config-cache';
import type { FileStorage } from './modules/files/storage';
import type { StepSaves } from './modules/presence/step-saves';
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
  /** The autosave's step definitions, this instance's (modules/calls/step-cache.ts). */
  stepCache: StepCache;
  /** The session's and the membership's checks of every signed-in request (modules/auth/caller-lookups.ts). */
  callers: CallerLookups;
  /** Step answers written, told to the teammates who have the application open (modules/presence). */
  stepSaves: StepSaves;
  /** The job queue for reading and retrying jobs, not started: no worker runs here (lib/job-queue.ts). */
  jobQueue: PgBoss;
};
