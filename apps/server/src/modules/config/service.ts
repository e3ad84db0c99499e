import type { TConfig, TUpsertConfigRequest } from '@impact/domain';
import { DEFAULT_CONFIG, isEmptyId } from '@impact/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { configs } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { type AuditActor, audit } from '../audit/record';
import { consentVersionOf } from '../consent/versions';
import { normaliseLogo } from './logo';

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
    translations: row.translations ?? {},
    embedOrigins: row.embedOrigins ?? [],
  };
}

/** Every wording of the consent sentence, in each language, is kept: an acceptance can always show what was agreed to. */
async function keepConsentWordings(tx: Tx, row: ConfigRow) {
  await consentVersionOf(tx, row.dataConsentText);
  for (const text of Object.values(row.translations ?? {})) {
    if (text?.dataConsentText?.trim()) await consentVersionOf(tx, text.dataConsentText);
  }
}

export const BUILT_IN_CONFIG_ID = '00000000-0000-0000-0000-000000000000';

/** The active branding config; the built-in default if none is active (never an error for the welcome page). */
export async function getActiveConfig(db: Db): Promise<TConfig> {
  const [row] = await db.select().from(configs).where(eq(configs.isActive, true)).limit(1);
  if (row) return toConfig(row);
  return { id: BUILT_IN_CONFIG_ID, ...DEFAULT_CONFIG };
}

/** Which config is active and when it last changed: a tiny read that tells the cache whether it is current. */
export async function activeConfigVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ id: configs.id, updatedAt: configs.updatedAt })
    .from(configs)
    .where(eq(configs.isActive, true))
    .limit(1);
  return row ? `${row.id}@${row.updatedAt.getTime()}` : 'built-in';
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

/** GET Config/GetConfigList: the active one first, then by name. */
export async function listConfigs(db: Db): Promise<TConfig[]> {
  const rows = await db
    .select()
    .from(configs)
    .orderBy(desc(configs.isActive), asc(configs.name), asc(configs.createdAt));
  return rows.map(toConfig);
}

/**
 * Every write to configs first takes this lock, so writes run one after another: two admins
 * activating at once cannot both read "X is active" and each switch it off (the second would then
 * hit the one-active index). SHARE ROW EXCLUSIVE conflicts with itself and with plain row writes,
 * while readers (GetConfig on every page load) are never blocked.
 */
async function lockConfigs(tx: Tx) {
  await tx.execute(sql`lock table ${configs} in share row exclusive mode`);
}

/**
 * POST Config/UpsertConfig: creates (no id, or the empty id) or updates a configuration. Saving
 * never changes which one is active; the logo is typed by its bytes and an SVG rebuilt from an
 * allow-list before it is stored.
 */
export async function upsertConfig(db: Db, actor: AuditActor, input: TUpsertConfigRequest): Promise<TConfig> {
  const logoBase64 = await normaliseLogo(input.logoBase64);
  const { id, ...fields } = input;
  const values = { ...fields, name: fields.name.trim(), logoBase64 };
  return db.transaction(async (tx) => {
    await lockConfigs(tx);
    if (!id || isEmptyId(id)) {
      const [row] = await tx
        .insert(configs)
        .values({ ...values, isActive: false })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await keepConsentWordings(tx, row);
      await audit(tx, actor, 'config.create', row.id, { name: row.name });
      return toConfig(row);
    }
    const [row] = await tx
      .update(configs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(configs.id, id))
      .returning();
    if (!row) throw notFound('errors.config.notFound');
    await keepConsentWordings(tx, row);
    await audit(tx, actor, 'config.update', row.id, { name: row.name, active: row.isActive });
    return toConfig(row);
  });
}

/**
 * POST Config/ActivateConfig: in one transaction, the current active config is switched off and
 * this one on (SPEC 4: exactly one is active). The partial unique index backs this up.
 */
export async function activateConfig(db: Db, actor: AuditActor, configId: string): Promise<TConfig> {
  return db.transaction(async (tx) => {
    await lockConfigs(tx);
    const [target] = await tx.select().from(configs).where(eq(configs.id, configId));
    if (!target) throw notFound('errors.config.notFound');
    if (target.isActive) return toConfig(target);
    const now = new Date();
    const previous = await tx
      .update(configs)
      .set({ isActive: false, updatedAt: now })
      .where(eq(configs.isActive, true))
      .returning({ id: configs.id });
    const [row] = await tx
      .update(configs)
      .set({ isActive: true, updatedAt: now })
      .where(eq(configs.id, configId))
      .returning();
    if (!row) throw notFound('errors.config.notFound');
    await audit(tx, actor, 'config.activate', row.id, { name: row.name, previousId: previous[0]?.id ?? null });
    return toConfig(row);
  });
}

/** DELETE Config/DeleteConfig: any but the active one (409), which the site is showing. */
export async function deleteConfig(db: Db, actor: AuditActor, configId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConfigs(tx);
    const [row] = await tx.select().from(configs).where(eq(configs.id, configId));
    if (!row) throw notFound('errors.config.notFound');
    if (row.isActive) throw conflict('errors.config.activeCannotBeDeleted');
    await tx.delete(configs).where(eq(configs.id, configId));
    await audit(tx, actor, 'config.delete', configId, { name: row.name });
  });
}
