import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { seed } from '../apps/server/src/seed';
import { seedDeadlineDrafts } from './close-storm-data';
import { createScratchDatabase } from './scale-data';

/**
 * What one Submit costs: CLOSES closes in a row through app.inject (no network, no load
 * generator in the process) on a scratch PostgreSQL database, with the CPU time of this process
 * and of the database's backends per close. PROFILE_OUT=file.cpuprofile adds where this process
 * spends it during the measured closes only (`--cpu-prof` would mostly show loading and seeding);
 * PROFILE_SURVEY=1 adds a survey step to the call; PROFILE_KEEP=1 keeps the scratch database and
 * prints its address (to EXPLAIN the closing statements on what the closes left). Not a budget: the close-storm bench is.
 */
const CLOSES = Number(process.env.PROFILE_CLOSES ?? 500);
const WARMUP = 100;

const database = await createScratchDatabase();
const secret = 'p'.repeat(40);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  AUTH_SECRET: secret,
  DATABASE_URL: database.url,
  SEED_DEMO: 'false',
  WEB_DIST_DIR: '/nonexistent',
  PUBLIC_URL: 'http://127.0.0.1:3999',
});
const db = await openDatabase(config.database);
try {
  await runMigrations(db);
  await seed(db.db, config);
  const app = await buildApp(config, db);
  await app.ready();
  const { drafts } = await seedDeadlineDrafts(
    database.url,
    { calls: 1, applicants: CLOSES + WARMUP, withSurvey: process.env.PROFILE_SURVEY === '1' },
    new AccessTokens(secret),
  );
  const all = drafts[0] ?? [];
  const close = async (d: (typeof all)[number]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: { authorization: `Bearer ${d.token}`, 'x-organization-id': d.organizationId },
      payload: { submissionId: d.submissionId, language: 'it' },
    });
    if (res.statusCode !== 200) throw new Error(`close answered ${res.statusCode}: ${res.body}`);
  };
  for (const d of all.slice(0, WARMUP)) await close(d);
  const backendCpu = async () => {
    const pids = (
      (await db.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
        rows: Array<{ pid: number }>;
      }
    ).rows.map((r) => r.pid);
    let ticks = 0;
    for (const pid of pids) {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / 100; // ms (USER_HZ = 100)
  };
  const profiler = process.env.PROFILE_OUT ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpu0 = process.cpuUsage();
  const pg0 = await backendCpu();
  const t0 = performance.now();
  for (const d of all.slice(WARMUP)) await close(d);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pg = (await backendCpu()) - pg0;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(process.env.PROFILE_OUT ?? '', JSON.stringify(profile));
    profiler.disconnect();
  }
  console.log(
    JSON.stringify({
      closes: CLOSES,
      wallMsPerClose: Number((wall / CLOSES).toFixed(2)),
      nodeCpuMsPerClose: Number(((cpu.user + cpu.system) / 1000 / CLOSES).toFixed(2)),
      postgresCpuMsPerClose: Number((pg / CLOSES).toFixed(2)),
    }),
  );
  await app.close();
} finally {
  await db.close();
  if (process.env.PROFILE_KEEP) console.log(database.url);
  else await database.drop();
}
