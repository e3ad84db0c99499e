import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { seed } from '../src/seed';
import { createTestDatabase, TEST_ENV } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
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
  const { database, drop } = await createTestDatabase({ from: 'template' });
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
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
