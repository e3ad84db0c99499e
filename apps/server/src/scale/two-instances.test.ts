import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { DEFAULT_CONFIG } from '@impact/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenCall, organizationForm } from '../../test/fixtures';
import { POSTGRES_URL } from '../../test/postgres-only';
import { createVerifiedAccount, signInAs, signInThroughProvider } from '../../test/sign-in';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { emailOutbox } from '../db/schema';
import { enqueueMail, sendDueMails } from '../modules/email/outbox';
import { seed } from '../seed';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const figures: string[] = [];

/** A tiny round-robin load balancer: request n goes to instance n mod 2, and says which in x-instance. */
async function startProxy(targets: Array<{ name: string; port: number }>) {
  let next = 0;
  let from: string | undefined;
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length];
    if (!target) throw new Error('no target');
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        localAddress: from,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** The next request goes to this instance. */
    aim: (name: string) => {
      next = targets.findIndex((t) => t.name === name);
    },
    /** Connect to the instances from this loopback address: a client of its own for the rate limits. */
    connectFrom: (address: string) => {
      from = address;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!POSTGRES_URL)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  const dbs: Database[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  const env = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: created.url ?? '',
    REDIS_URL,
    REDIS_PREFIX: `ic-two-${randomBytes(4).toString('hex')}:`,
  });
  const viaProxy = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${proxy.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, instance: res.headers.get('x-instance'), json: () => JSON.parse(text), text };
  };

  beforeAll(async () => {
    created = await createTestDatabase();
    // Both instances start together on an empty database, as a rolling deploy's first two would.
    const config = loadConfig(env());
    const started = Date.now();
    const both = await Promise.all(
      ['A', 'B'].map(async () => {
        const database = await openDatabase({ kind: 'postgres', url: created.url ?? '', poolSize: 5 });
        dbs.push(database);
        await runMigrations(database);
        await seed(database.db, config);
        const app = await buildApp(config, database);
        await app.listen({ host: '127.0.0.1', port: 0 });
        return app;
      }),
    );
    figures.push(`both instances migrated, seeded and listening: ${Date.now() - started} ms`);
    [a, b] = both as [FastifyInstance, FastifyInstance];
    const port = (app: FastifyInstance) => (app.server.address() as net.AddressInfo).port;
    proxy = await startProxy([
      { name: 'A', port: port(a) },
      { name: 'B', port: port(b) },
    ]);
  });
  afterAll(async () => {
    await proxy?.close();
    await a?.close();
    await b?.close();
    for (const d of dbs) await d.close();
    await created?.drop();
    if (figures.length) console.log(`two-instance figures:\n  ${figures.join('\n  ')}`);
  });

  it('ran every migration exactly once although both instances started together', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../db/migrations/meta/_journal.json'), 'utf8'),
    );
    const result = (await created.database.db.execute(
      sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: string }> };
    expect(Number(result.rows[0]?.n)).toBe(journal.entries.length);
  });

  it('signs in through A, renews the session through B, and autosaves alternating with the version check holding', async () => {
    await createVerifiedAccount(created.database.db, { email: 'anna@ente.example', password: 'correct horse battery' });
    const signedIn = await signInThroughProvider(a, 'anna@ente.example', 'correct horse battery');
    expect(signedIn.ok).toBe(true);
    expect(signedIn.response.statusCode, signedIn.response.body).toBe(200);
    const renewed = signedIn.jar.store(
      await b.inject({
        method: 'POST',
        url: '/api/Jwt/refresh',
        headers: { host: 'localhost:3000', ...signedIn.jar.header() },
      }),
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const token: string = renewed.json().accessToken ?? renewed.json().token;
    expect(token).toBeTruthy();

    const admin = await signInAs(created.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const call = await createOpenCall(a, admin.headers, { name: 'Two instances' });
    const org = await viaProxy('/api/Organization/CreateOrganization', {
      method: 'POST',
      token,
      body: organizationForm('Aurora'),
    });
    expect(org.status, org.text).toBeLessThan(300);
    const orgId: string = org.json().id;
    const withOrg = async (p: string, body: unknown) => {
      const res = await fetch(`${proxy.url}${p}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-organization-id': orgId },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, instance: res.headers.get('x-instance'), json: () => JSON.parse(text), text };
    };
    const started = await withOrg('/api/Call/UpsertCallSubmission', { callId: call.id });
    expect(started.status, started.text).toBe(200);
    const submissionId: string = started.json().id;

    let version = 0;
    const served = new Set<string>();
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const saved = await withOrg('/api/Call/UpsertCallStepResult', {
        callSubmissionId: submissionId,
        stepId: call.textStepId,
        content: JSON.stringify({ answer: `draft ${i}` }),
        version,
      });
      latencies.push(performance.now() - t0);
      expect(saved.status, saved.text).toBe(200);
      served.add(saved.instance ?? '');
      version = saved.json().version;
    }
    expect([...served].sort()).toEqual(['A', 'B']);
    latencies.sort((x, y) => x - y);
    figures.push(
      `20 autosaves alternating A/B through the proxy: p50 ${latencies[10]?.toFixed(1)} ms, max ${latencies[19]?.toFixed(1)} ms`,
    );

    // A write via A, then a write via B still holding the version before it: 409, nothing overwritten.
    proxy.aim('A');
    const viaA = await withOrg('/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'from A' }),
      version,
    });
    expect(viaA.instance).toBe('A');
    expect(viaA.status, viaA.text).toBe(200);
    const stale = await withOrg('/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'stale from B' }),
      version,
    });
    expect(stale.instance).toBe('B');
    expect(stale.status, stale.text).toBe(409);
  });

  it('a configuration activated through A shows on B within its cache time (1 s)', async () => {
    const customizer = await signInAs(created.database.db, { email: 'brand@impact-calls.test', roles: ['admin'] });
    const { isActive: _active, ...rest } = DEFAULT_CONFIG;
    const saved = await a.inject({
      method: 'POST',
      url: '/api/Config/UpsertConfig',
      headers: customizer.headers,
      payload: { ...rest, name: 'Spring brand', message: 'Spring message' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const current = async () => (await b.inject({ url: '/api/Config/GetConfig' })).json().name;
    await current(); // B has the old configuration cached now
    const activated = await a.inject({
      method: 'POST',
      url: `/api/Config/ActivateConfig?configId=${saved.json().id}`,
      headers: customizer.headers,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const t0 = Date.now();
    // The cache rechecks every second; the slack is for a loaded CI machine, the figure records the real delay.
    await expect.poll(current, { timeout: 3_000, interval: 50 }).toBe('Spring brand');
    figures.push(`configuration activated on A seen by B after ${Date.now() - t0} ms (cache recheck 1000 ms)`);
  });

  it('a queued mail is sent exactly once when both instances run the mail job', async () => {
    const db = created.database.db;
    await db.delete(emailOutbox);
    for (let i = 0; i < 10; i++) {
      await enqueueMail(db, {
        to: `m${i}@example.org`,
        template: 'verify-email',
        language: 'en',
        params: { firstName: 'S', appName: 'A', link: 'http://l' },
      });
    }
    const sent: string[] = [];
    const send = async (m: { to: string }) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(m.to);
    };
    const [onA, onB] = await Promise.all(dbs.map((d) => sendDueMails(d.db, send, { batchSize: 100 })));
    expect((onA ?? 0) + (onB ?? 0)).toBe(10);
    expect(sent.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}@example.org`).sort());
  });

  it('a client alternating between the instances cannot exceed the sign-in limit (Redis)', async () => {
    proxy.connectFrom('127.0.0.3'); // a client that has not signed in before
    const statuses: Array<{ status: number; instance: string | null }> = [];
    for (let i = 0; i < 24; i++) {
      const res = await fetch(`${proxy.url}/idp/interaction/none/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=x%40y.z&password=p',
      });
      await res.arrayBuffer();
      statuses.push({ status: res.status, instance: res.headers.get('x-instance') });
    }
    expect(new Set(statuses.map((s) => s.instance))).toEqual(new Set(['A', 'B']));
    expect(statuses.slice(0, 20).map((s) => s.status)).not.toContain(429);
    expect(statuses.slice(20).map((s) => s.status)).toEqual([429, 429, 429, 429]);
  });
});
