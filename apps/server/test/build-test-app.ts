import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
};

/**
 * The real server on a real, fresh database, exactly as main.ts assembles it, minus listen().
 * `env` adds environment variables as a deployment would set them.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  await runMigrations(database);
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
