import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { createOpenCall, createOrganization, submitToCall } from '../test/fixtures';
import { signInAs, signInThroughProvider } from '../test/sign-in';
import { TEST_ENV } from '../test/test-database';
import { backgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { type Database, rows } from './db/client';
import { startJobQueue } from './lib/job-queue';
import { getOrCreateSecret, randomSecret } from './lib/secrets';
import { startServer } from './start-server';

/**
 * `npm start`'s own database, whatever the run's: the other server tests and the journeys' apps
 * run on the PostgreSQL server named by TEST_DATABASE_URL where there is one (CI), so this file
 * (with db/restart.test.ts, which restarts on the same data directory) is what keeps the
 * embedded database (PGlite) under test there. It starts with main.ts's own start (start-server.ts:
 * migrations, the demo, the app, the background jobs) on a data directory on disk; then the demo
 * applicant signs in through the embedded provider with the published password, two applicants
 * press Submit at the same moment (on the embedded database Submits run one at a time), a PDF is
 * read, the background jobs' schedules are found saved and a job goes through the queue.
 */
describe('the embedded database, as npm start runs it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-embedded-'));
  const config = loadConfig({ ...TEST_ENV, SEED_DEMO: 'true', DATA_DIR: dataDir });
  let database: Database;
  let app: FastifyInstance;
  let stopJobs = async () => {};

  beforeAll(async () => {
    ({ app, database, stopJobs } = await startServer(config));
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await stopJobs();
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the embedded database, on disk in DATA_DIR', () => {
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve(dataDir, 'pglite') });
    expect(database.raw.kind).toBe('pglite');
    expect(fs.existsSync(path.resolve(dataDir, 'pglite'))).toBe(true);
  });

  it('signs the demo applicant in, closes two applications sent at once, serves a PDF', async () => {
    const flow = await signInThroughProvider(app, 'applicant@impact-calls.test', 'Applicant-demo-2026');
    expect(flow.ok).toBe(true);
    const demo = { authorization: `Bearer ${(flow.response.json() as { token: string }).token}` };
    const [demoOrg] = (await app.inject({ url: '/api/Organization/GetOrganizations', headers: demo })).json() as Array<{
      id: string;
    }>;
    const list = await app.inject({
      url: '/api/Call/GetCallListUser',
      headers: { ...demo, 'x-organization-id': demoOrg?.id ?? '' },
    });
    expect(list.statusCode).toBe(200);

    const db = database.db;
    const admin = await signInAs(db, { email: 'admin@example.org', roles: ['admin'] });
    const other = await signInAs(db, { email: 'olga@aurora.example' });
    const otherOrg = await createOrganization(app, other.headers, 'Cooperativa Aurora');
    const call = await createOpenCall(app, admin.headers);
    const closed = await Promise.all([
      submitToCall(app, demo, demoOrg?.id ?? '', call),
      submitToCall(app, other.headers, otherOrg, call),
    ]);
    const states = await Promise.all(
      closed.map(async (id, i) => {
        const res = await app.inject({
          url: `/api/Call/GetSubmissionByID?submissionId=${id}`,
          headers: i === 0 ? demo : other.headers,
        });
        return (res.json() as { closed: boolean }).closed;
      }),
    );
    expect(states).toEqual([true, true]);
    const pdf = await app.inject({ url: `/api/Call/GetSubmissionPdf?submissionId=${closed[0]}`, headers: demo });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it("saves main.ts's background jobs' schedules, and runs a job through the queue", async () => {
    // The background jobs started with the server.
    const secret = await getOrCreateSecret(database.db, 'auth-secret', randomSecret);
    const registry = backgroundJobs(database, config, app.log, secret);
    registry.close();
    const scheduled = registry.jobs.filter((job) => job.schedule).map((job) => job.name);
    const saved = await rows<{ name: string }>(database.db, sql`select name from pgboss.schedule order by name`);
    expect(saved.map((s) => s.name)).toEqual([...scheduled].sort());

    // Checked last: a queue started with other jobs drops the schedules it does not know, as a
    // new release does.
    const quiet = { warn: () => {}, error: () => {} };
    const ran: string[] = [];
    const queue = await startJobQueue(
      database,
      [{ name: 'embedded.echo', run: async (data) => void ran.push(String(data.word)) }],
      quiet,
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      await queue.send('embedded.echo', { word: 'ciao' });
      await eventually(async () => ran.includes('ciao'), true, 20_000);
    } finally {
      await queue.stop(1_000);
    }
  }, 120_000);
});
