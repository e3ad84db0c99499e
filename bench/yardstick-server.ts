import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../apps/server/src/db/client';

/**
 * What every yardstick process (bare-*.ts, started by `forkYardstick` in scale.bench.ts) shares:
 * the real server's pool size on the bench's database, and a start and a stop the parent can wait
 * for.
 */
export function openYardstickDatabase() {
  return openDatabase({
    kind: 'postgres',
    url: process.env.DATABASE_URL ?? '',
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
}

/** Listens on the port the parent chose, tells it so, and closes (the database with it) on SIGTERM. */
export async function serveYardstick(app: FastifyInstance, database?: { close: () => Promise<void> }) {
  if (database) app.addHook('onClose', () => database.close());
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.send?.('ready');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
