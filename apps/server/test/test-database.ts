import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';

/** What every test app starts from, as a deployment would set it; a test adds its own on top. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIST_DIR: '/nonexistent',
};

/** Where the server project's global setup left the migrated, seeded template (see template-setup.ts). */
export type TemplateRef = { kind: 'postgres'; name: string } | { kind: 'pglite'; dumpFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TemplateRef | null;
  }
}

export type TestDatabase = { database: Database; url: string | null; drop(): Promise<void> };

/**
 * A database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI), dropped afterwards.
 *
 * `from: 'empty'` (the default) is a database nothing has touched, for tests of migrating and
 * seeding themselves. `from: 'template'` is a copy of one database migrated and seeded with
 * TEST_ENV once per run: copying it costs a fraction of running every migration again.
 */
export async function createTestDatabase(options: { from?: 'empty' | 'template' } = {}): Promise<TestDatabase> {
  if (options.from !== 'template') return emptyDatabase();
  const template = providedTemplate();
  if (template?.kind === 'postgres' && process.env.TEST_DATABASE_URL) return cloneOnPostgres(template.name);
  if (template?.kind === 'pglite' && !process.env.TEST_DATABASE_URL) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, { loadDataDir: templateDump(template) });
    return { database, url: null, drop: () => database.close() };
  }
  // Run outside the server project's setup (another config, a script): migrate and seed here.
  const created = await emptyDatabase();
  await migrateAndSeed(created.database);
  return created;
}

/** What the template holds: every migration, and what seeding with TEST_ENV creates. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await runMigrations(database);
  await seed(database.db, loadConfig(TEST_ENV));
}

async function emptyDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, url: null, drop: () => database.close() };
  }
  return createOnPostgres(serverUrl, '');
}

function cloneOnPostgres(template: string): Promise<TestDatabase> {
  return createOnPostgres(process.env.TEST_DATABASE_URL ?? '', ` template ${template}`);
}

async function createOnPostgres(serverUrl: string, clause: string): Promise<TestDatabase> {
  const name = `ic_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${clause}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function providedTemplate(): TemplateRef | null {
  try {
    return inject('testDatabaseTemplate') ?? null;
  } catch {
    // Not inside a vitest worker.
    return null;
  }
}

/** Read once per worker: every test file in it loads the same bytes. */
let dump: { file: string; blob: Blob } | null = null;
function templateDump(template: { dumpFile: string }): Blob {
  if (dump?.file !== template.dumpFile) {
    dump = { file: template.dumpFile, blob: new Blob([fs.readFileSync(template.dumpFile)]) };
  }
  return dump.blob;
}
