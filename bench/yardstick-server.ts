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

/**
 * Listens on a port the system picks, tells the parent which, and closes (the database with it) on
 * SIGTERM. A port picked by the parent could be taken meanwhile: the load generator's many
 * connections use ports from the same range.
 */
export async function serveYardstick(app: FastifyInstance, database?: { close: () => Promise<void> }) {
  if (database) app.addHook('onClose', () => database.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
