import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';
import { createTestDatabase } from './test-database';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' });
const demo = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', WEB_DIST_DIR: '/nonexistent' });
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const c = await createTestDatabase();
  const tCreate = performance.now() - t; t = performance.now();
  await runMigrations(c.database);
  const tMig = performance.now() - t; t = performance.now();
  await seed(c.database.db, config);
  const tSeed = performance.now() - t; t = performance.now();
  await seed(c.database.db, demo);
  const tDemo = performance.now() - t; t = performance.now();
  await c.drop();
  const tDrop = performance.now() - t;
  console.log(process.env.TEST_DATABASE_URL ? 'pg' : 'pglite', { tCreate, tMig, tSeed, tDemo, tDrop });
}
if (process.env.TEST_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const c = await createTestDatabase();
  await runMigrations(c.database); await seed(c.database.db, config);
  const name = new URL(c.url!).pathname.slice(1);
  await c.database.close();
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await admin.query(`create database ts_clone_${i} template ${name}`);
    const t1 = performance.now();
    const d = await openDatabase({ kind: 'postgres', url: c.url!.replace(name, `ts_clone_${i}`), poolSize: 5 });
    await d.ping(); await d.close();
    const t2 = performance.now();
    await admin.query(`drop database ts_clone_${i} with (force)`);
    console.log('clone', t1 - t, 'open', t2 - t1, 'drop', performance.now() - t2);
  }
  await c.drop(); await admin.end();
}
process.exit(0);
