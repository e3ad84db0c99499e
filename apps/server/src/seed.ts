import type { AppConfig } from './config';
import type { Db } from './db/client';
import { seedDefaultConfig } from './modules/config/service';

export type SeedReport = { configCreated: boolean };

/** Idempotent: every start runs it; only what is missing gets created. */
export async function seed(db: Db, _config: AppConfig): Promise<SeedReport> {
  const configCreated = await seedDefaultConfig(db);
  return { configCreated };
}
