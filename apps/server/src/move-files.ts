/**
 * `npm run files:move -w @impact/server -- --to s3` (or `--to postgres`): moves existing files
 * between storage backends, verifying each file's SHA-256 before the old bytes are removed.
 * Reads the same environment as the server (DATABASE_URL, S3_*). Exit code 1 if any file failed.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { createFileStorage } from './modules/files/storage';
import { moveFiles } from './modules/files/storage/move';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3' && values.to !== 'postgres') {
  console.error('usage: npm run files:move -w @impact/server -- --to s3|postgres');
  process.exit(2);
}
const config = loadConfig();
if (values.to === 's3' && !config.fileStorage.s3) {
  console.error(
    'S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) must be set to move files to S3',
  );
  process.exit(2);
}
const database = await openDatabase(config.database);
await runMigrations(database);
const storage = createFileStorage(database.db, config.fileStorage);
try {
  const report = await moveFiles(database.db, storage, values.to, (line) => console.log(line));
  console.log(`${report.moved} file(s) moved to ${values.to}, ${report.failed.length} failed`);
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  await storage.close();
  await database.close();
}
