import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** `HEAD /` and `GET /` without an Accept header answer 200 with the page. */
describe('the page answers like any web server', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('GET / with no Accept header, or */*, is the page', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const res = await t.app.inject({ url: '/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    }
  });

  it('HEAD / is 200 with the page headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('a client asking only for JSON, or a server path, still gets the 404 problem', async () => {
    const json = await t.app.inject({ url: '/calls', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/Unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
  });
});
