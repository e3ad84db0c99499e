import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/seed';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent' });
let t = performance.now();
const c = await openDatabase({ kind: 'pglite', dataDir: null });
console.log('fresh', performance.now() - t); t = performance.now();
await runMigrations(c); await seed(c.db, config);
console.log('mig+seed', performance.now() - t); t = performance.now();
const client = c.raw.kind === 'pglite' ? c.raw.client : null!;
for (const comp of ['none', 'gzip'] as const) {
  t = performance.now();
  const dump = await client.dumpDataDir(comp);
  console.log('dump', comp, performance.now() - t, dump.size);
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const p = new PGlite({ loadDataDir: dump, extensions: { pg_trgm } });
    await p.waitReady;
    const r = await p.query('select count(*) from configs');
    console.log('load', comp, performance.now() - t, r.rows);
    await p.close();
  }
}
// fresh again, second in process
for (let i = 0; i < 2; i++) {
  t = performance.now();
  const p = new PGlite({ extensions: { pg_trgm } });
  await p.waitReady;
  console.log('fresh again', performance.now() - t);
  await p.close();
}
// data dir copy on disk
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-tpl-'));
t = performance.now();
const d = new PGlite(dir, { extensions: { pg_trgm } }); await d.waitReady;
console.log('fresh on disk', performance.now() - t);
await runMigrations({ ...c, raw: { kind: 'pglite', client: d } } as never);
await d.close();
for (let i = 0; i < 3; i++) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-copy-'));
  t = performance.now();
  fs.cpSync(dir, copy, { recursive: true });
  const e = new PGlite(copy, { extensions: { pg_trgm } }); await e.waitReady;
  const r = await e.query('select count(*) from __drizzle_migrations').catch(() => e.query("select count(*) from drizzle.__drizzle_migrations"));
  console.log('copy dir + open', performance.now() - t, r.rows);
  await e.close();
}
process.exit(0);
