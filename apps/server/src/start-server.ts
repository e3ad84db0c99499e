import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import type { AppConfig } from './config';
import { type ConnectionErrorSink, type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { getOrCreateSecret, randomSecret } from './lib/secrets';
import { type SeedReport, seed } from './seed';

export type StartedServer = {
  app: FastifyInstance;
  database: Database;
  /** What the seed did (first start, demo accounts), for the start-up message. */
  report: SeedReport;
  /** Stops fetching jobs and waits for the runs in progress. */
  stopJobs: () => Promise<void>;
};

/**
 * Everything `npm start` does before it listens, in order: the database opened and migrated, the
 * first-start and demo data, the app, the pool's connections opened, the job queue with its
 * schedules. main.ts listens on what this returns; the embedded database's test starts the same
 * way, so it runs this very code.
 */
export async function startServer(
  config: AppConfig,
  options: { onConnectionError?: ConnectionErrorSink; onAppBuilt?: (app: FastifyInstance) => void } = {},
): Promise<StartedServer> {
  const database = await openDatabase(config.database, { onConnectionError: options.onConnectionError });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    const report = await seed(database.db, config);
    app = await buildApp(config, database);
    options.onAppBuilt?.(app);
    // Open the pool's connections before the first visitor rather than during a burst of them
    // (a server restarted near a deadline met a thousand writes with no connection open).
    if (config.database.kind === 'postgres') {
      await Promise.all(Array.from({ length: config.database.poolSize }, () => database.ping().catch(() => undefined)));
    }
    // The same secret buildApp signs with (production passes it; a development install keeps its own).
    const authSecret = config.authSecret ?? (await getOrCreateSecret(database.db, 'auth-secret', randomSecret));
    // The job queue (decision 0040): its tables came with the migrations; a job that throws is
    // retried by its policy and shown on the admin jobs page, never the end of the process.
    const stopJobs = await startBackgroundJobs(database, config, app.log, authSecret);
    return { app, database, report, stopJobs };
  } catch (err) {
    // A start that failed half-way leaves nothing open (a test goes on to remove the data directory).
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}
