import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { seed } from '../src/seed';
import { createTestDatabase, TEST_ENV } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The database's URL on PostgreSQL (null on the embedded database). */
  url: string | null;
  close(): Promise<void>;
};

/**
 * The real server on a real, fresh database (a copy of the run's migrated and seeded template),
 * exactly as main.ts assembles it, minus listen().
 * `env` adds environment variables as a deployment would set them.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const { database, drop, url } = await createTestDatabase({ from: 'template' });
  const config = loadConfig({ ...TEST_ENV, ...env });
  // The template is seeded with TEST_ENV only; seeding again is idempotent and adds what this
  // test's own settings call for (the demo, its accounts).
  await seed(database.db, config);
  const app = await buildApp(config, database, options);
  await app.ready();
  return {
    app,
    database,
    config,
    url,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * Another instance of the server on the same database, as a second process behind a load
 * balancer would be: its own app and caches, and on PostgreSQL its own connection pool. Close it
 * before the first (which drops the database).
 */
export async function buildSecondApp(first: TestApp): Promise<TestApp> {
  const database = first.url
    ? await openDatabase({ kind: 'postgres', url: first.url, poolSize: 5 })
    : // The embedded database lives inside the first app's process: the second app shares it.
      first.database;
  const app = await buildApp(first.config, database);
  await app.ready();
  return {
    app,
    database,
    config: first.config,
    url: first.url,
    close: async () => {
      await app.close();
      if (database !== first.database) await database.close();
    },
  };
}
