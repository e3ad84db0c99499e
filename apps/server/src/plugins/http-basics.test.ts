import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ZProblem } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('HTTP basics: problems, headers, request ids, OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an unknown API path is a problem+json 404 with a message key', async () => {
    const res = await t.app.inject('/api/Nope/Nothing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = ZProblem.parse(res.json());
    expect(problem).toMatchObject({ type: '/problems/notFound', status: 404, messageKey: 'errors.notFound' });
  });

  it('malformed JSON is a 400 problem, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Config/GetConfig',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('sends a strict Content Security Policy and other security headers', async () => {
    const res = await t.app.inject('/api/Config/GetConfig');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the security headers and the request id on answers of every kind: API, problem, the identity provider', async () => {
    const answers = [
      await t.app.inject('/api/Config/GetConfig'),
      await t.app.inject('/api/Nope/Nothing'),
      // Refused by the edge guard, the first hook after the security headers.
      await t.app.inject('/api/Config/GetConfig?x=%00'),
      // Answered by oidc-provider on the raw response, past Fastify's reply (idp/mount.ts).
      await t.app.inject('/idp/.well-known/openid-configuration'),
    ];
    expect(answers[2]?.statusCode).toBe(400);
    expect(answers[3]?.statusCode).toBe(200);
    for (const res of answers) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('echoes a safe incoming request id and invents one otherwise', async () => {
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\n<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document with the API paths', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/Config/GetConfig');
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates index.html', async () => {
    const asset = await t.app.inject('/assets/app-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/calls', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('does not answer API paths or missing assets with index.html', async () => {
    const api = await t.app.inject({ url: '/api/Unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const asset = await t.app.inject({ url: '/assets/missing.js', headers: { accept: 'text/html' } });
    expect(asset.statusCode).toBe(404);
  });
});
