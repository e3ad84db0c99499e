import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { signInAs } from '../../test/sign-in';
import { createTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seed } from '../seed';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

/**
 * While the database is down every request was a 500. Now: 503 with Retry-After
 * and the `unavailable` problem, the branding (Config/GetConfig) keeps its last value, /healthz
 * stays up, and when the database is back requests succeed with no manual step.
 */
describe('database outage on the embedded database', () => {
  it('answers 503 with Retry-After, keeps serving the last configuration', async () => {
    const t = await buildTestApp();
    try {
      const user = await signInAs(t.database.db, { email: 'outage@example.org' });
      // A session the server has not seen yet: whether it was revoked needs the database.
      const newcomer = await signInAs(t.database.db, { email: 'newcomer@example.org' });
      const config = await t.app.inject('/api/Config/GetConfig');
      expect(config.statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: user.headers })).statusCode,
      ).toBe(200);

      await t.database.close(); // the database is gone

      const res = await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: user.headers });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ type: '/problems/unavailable', messageKey: 'errors.unavailable' });
      // Not a 401: that would sign the applicant out (the page would forget their session).
      const first = await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: newcomer.headers });
      expect(first.statusCode, first.body).toBe(503);
      // Its role is asked in the same failed statement and nobody reads that answer: it must not
      // become an unhandled rejection (vitest fails the run on one).
      const naming = await t.app.inject({
        url: '/api/Organization/GetOrganizations',
        headers: { ...newcomer.headers, 'x-organization-id': crypto.randomUUID() },
      });
      expect(naming.statusCode, naming.body).toBe(503);
      // After its recheck interval the cache would ask the database; it answers the last value instead.
      await new Promise((r) => setTimeout(r, 1_100));
      const later = await t.app.inject('/api/Config/GetConfig');
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json()).toEqual(config.json());
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      // The whole test app: on PostgreSQL its database is dropped too (closing the app alone left it behind).
      await t.close();
    }
  });
});

/**
 * A TCP relay between the app and PostgreSQL that the test can cut (refuse and drop every
 * connection, as a stopped server does) and freeze (accept and never answer, as a hung server).
 */
function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'down' | 'frozen' = 'up';
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'down') return client.destroy();
    if (mode === 'frozen') return; // swallow, never answer
    const upstream = net.connect(target);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () =>
      new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
    set(next: 'up' | 'down' | 'frozen') {
      mode = next;
      if (next !== 'up') for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('database outage and restart on PostgreSQL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it('503 while down or frozen (fast), then recovery with no manual step', async () => {
    const fresh = await createTestDatabase();
    cleanups.push(fresh.drop);
    const target = new URL(fresh.url ?? '');
    const r = relay({ host: target.hostname, port: Number(target.port || 5432) });
    const port = await r.listen();
    cleanups.push(r.close);
    const viaRelay = new URL(target);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(port);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: viaRelay.toString(),
      DATABASE_POOL_SIZE: '3',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
    });
    const database = await openDatabase(config.database);
    cleanups.push(() => database.close());
    await runMigrations(database);
    await seed(database.db, config);
    const app = await buildApp(config, database);
    cleanups.push(() => app.close());
    const user = await signInAs(database.db, { email: 'pg-outage@example.org' });
    const list = () => app.inject({ url: '/api/Organization/GetOrganizations', headers: user.headers });
    expect((await list()).statusCode).toBe(200);

    r.set('down');
    const down = await list();
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();

    r.set('frozen');
    const started = Date.now();
    const frozen = await list();
    expect(frozen.statusCode, frozen.body).toBe(503);
    expect(Date.now() - started).toBeLessThan(8_000); // the timeouts, not forever

    r.set('up');
    // The pool replaces broken connections by itself; allow a few tries on a loaded machine.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await list()).statusCode;
      if (status !== 200) await new Promise((res) => setTimeout(res, 250));
    }
    expect(status).toBe(200);
  }, 60_000);
});
