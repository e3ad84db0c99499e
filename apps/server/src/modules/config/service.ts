import type { TConfig } from '@impact/domain';
import { DEFAULT_CONFIG } from '@impact/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { configs } from '../../db/schema';

type ConfigRow = typeof configs.$inferSelect;

export function toConfig(row: ConfigRow): TConfig {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    description: row.description,
    message: row.message,
    logoBase64: row.logoBase64,
    logoWidth: row.logoWidth,
    logoHeight: row.logoHeight,
    listName: row.listName,
    languageSelection: row.languageSelection,
    organizationSelection: row.organizationSelection,
    reportPowerBiId: row.reportPowerBiId,
    workspacePowerBiId: row.workspacePowerBiId,
    defaultLanguage: row.defaultLanguage,
    domain: row.domain,
    dataConsentText: row.dataConsentText,
  };
}

/** The active branding config; the built-in default if none is active (never an error for the welcome page). */
export async function getActiveConfig(db: Db): Promise<TConfig> {
  const [row] = await db.select().from(configs).where(eq(configs.isActive, true)).limit(1);
  if (row) return toConfig(row);
  return { id: '00000000-0000-0000-0000-000000000000', ...DEFAULT_CONFIG };
}

/**
 * First start: store the default config as the active one. Safe to run on every start and from
 * several instances at once: the partial unique index turns a racing second insert into a no-op.
 */
export async function seedDefaultConfig(db: Db): Promise<boolean> {
  const existing = await db.select({ id: configs.id }).from(configs).limit(1);
  if (existing.length > 0) return false;
  const inserted = await db
    .insert(configs)
    .values({ ...DEFAULT_CONFIG })
    .onConflictDoNothing()
    .returning({ id: configs.id });
  return inserted.length > 0;
}
