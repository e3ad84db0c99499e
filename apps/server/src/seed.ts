import type { AppConfig } from './config';
import type { Db } from './db/client';
import { seedStepTypes } from './modules/calls/step-types';
import { seedDefaultConfig } from './modules/config/service';
import { seedAttachmentTypes } from './modules/files/service';
import { seedImpact } from './modules/impact/service';
import { retireDemoAccounts, seedDemo } from './seed-demo';

export type SeedReport = {
  configCreated: boolean;
  demoAccounts: Array<{ role: string; email: string; password: string }>;
  /** Demo accounts of an earlier local run whose published password was replaced (exposed install). */
  demoAccountsRetired: number;
};

/** Idempotent: every start runs it; only what is missing gets created. */
export async function seed(db: Db, config: AppConfig): Promise<SeedReport> {
  const configCreated = await seedDefaultConfig(db);
  await seedStepTypes(db);
  await seedAttachmentTypes(db);
  await seedImpact(db, config);
  const demoAccounts = await seedDemo(db, config);
  const demoAccountsRetired = await retireDemoAccounts(db, config);
  return { configCreated, demoAccounts, demoAccountsRetired };
}
