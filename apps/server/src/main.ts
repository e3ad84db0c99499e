import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { loggerOptions } from './lib/log-safety';
import { installProcessGuards } from './process-guards';
import { startServer } from './start-server';
import { exposureNotes } from './startup-notes';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Until the app's logger exists, problems go to a bare logger at the configured level.
  let log: FastifyBaseLogger = pino(loggerOptions(config.logLevel));
  installProcessGuards(() => log);
  const { app, database, report, stopJobs } = await startServer(config, {
    onConnectionError: (err) =>
      log.warn({ err }, 'database connection failed while idle or between queries; the pool replaces it'),
    onAppBuilt: (built) => {
      log = built.log;
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('forced exit after grace period');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      // Stops fetching jobs and lets the runs in progress finish (a run cut off is failed and
      // retried later by another instance), while HTTP stops accepting and drains.
      await Promise.all([
        stopJobs().catch((err) => app.log.warn({ err }, 'job queue did not stop cleanly')),
        app.close(),
      ]);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(/:\d+$/, `:${port}`);
  console.log(
    [
      '',
      `  Impact Calls is running at ${url}`,
      `  database: ${config.database.kind === 'pglite' ? `embedded (${config.database.dataDir})` : 'PostgreSQL'}`,
      `  files: ${config.fileStorage.primary === 's3' ? `S3 bucket ${config.fileStorage.s3?.bucket}` : 'in the database'}; rate limits: ${config.redisUrl ? 'shared through Redis' : 'per instance (no REDIS_URL)'}`,
      ...(config.database.kind === 'pglite'
        ? [
            '  The embedded database is for trying the product: it runs on the server’s event loop and',
            '  tops out at about 120–150 answer saves per second. Production uses PostgreSQL (DATABASE_URL).',
          ]
        : []),
      ...(report.configCreated ? ['  first start: default branding created'] : []),
      ...(report.demoAccounts.length
        ? [
            '',
            '  Demo accounts (embedded sign-in):',
            ...report.demoAccounts.map((a) => `    ${a.role.padEnd(10)} ${a.email}  /  ${a.password}`),
          ]
        : []),
      ...exposureNotes(config, url),
      ...(report.demoAccountsRetired
        ? [
            `  ${report.demoAccountsRetired} demo account(s) from a local run no longer accept their published password.`,
          ]
        : []),
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
