import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** Redis runs on this machine and in CI; the test fails (never skips) when it is not there. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOGIN = '/idp/interaction/some-interaction/login';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A TCP relay to Redis that the test can cut, as a network failure or a Redis restart would. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `ic-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    b = await buildTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a client alternating between two instances gets the sign-in limit (20 a minute) once, not twice', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({ method: 'POST', url: LOGIN, headers: FORM, payload: 'email=x%40y.z&password=p' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    expect((await a.app.inject('/readyz')).json().checks).toMatchObject({ rateLimits: 'ok' });
  });

  it('without Redis each instance counts alone (the reason for REDIS_URL)', async () => {
    const solo = await buildTestApp();
    try {
      for (let i = 0; i < 20; i++) {
        const res = await solo.app.inject({ method: 'POST', url: LOGIN, headers: FORM, payload: 'email=x&password=p' });
        expect(res.statusCode).not.toBe(429);
      }
      const over = await solo.app.inject({ method: 'POST', url: LOGIN, headers: FORM, payload: 'email=x&password=p' });
      expect(over.statusCode).toBe(429);
      expect((await solo.app.inject('/readyz')).json().checks).toEqual({ database: 'ok' });
    } finally {
      await solo.close();
    }
  });

  it('when Redis goes away requests are still served, and /readyz says the limits are degraded', async () => {
    const relay = await startRelay(new URL(REDIS_URL));
    const lines: string[] = [];
    const c = await buildTestApp(
      { REDIS_URL: relay.url, REDIS_PREFIX: `${prefix}c:`, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const first = await c.app.inject({ method: 'POST', url: '/api/Auth/Logout' });
      expect(first.statusCode).not.toBe(429);
      expect((await c.app.inject('/readyz')).json().checks).toMatchObject({ rateLimits: 'ok' });

      await relay.cut();
      await expect.poll(async () => (await c.app.inject('/readyz')).json().checks.rateLimits).toBe('degraded');
      const ready = await c.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      for (let i = 0; i < 25; i++) {
        const res = await c.app.inject({ method: 'POST', url: LOGIN, headers: FORM, payload: 'email=x&password=p' });
        expect([429, 500]).not.toContain(res.statusCode);
      }
      expect(lines.filter((l) => l.includes('Redis unreachable'))).toHaveLength(1);
    } finally {
      await c.close();
    }
  });
});
