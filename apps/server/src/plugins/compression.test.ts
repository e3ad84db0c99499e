import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

describe('compression of API answers (@fastify/compress)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const docs = (acceptEncoding?: string) =>
    t.app.inject({ url: '/api/docs/json', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('compresses JSON above the threshold with brotli, else gzip, and only when asked', async () => {
    const plain = await docs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await docs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await docs('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('honours a coding refused with q=0 (RFC 9110)', async () => {
    expect((await docs('gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
    expect((await docs('br;q=0, gzip;q=0.8')).headers['content-encoding']).toBe('gzip');
    expect((await docs('*;q=1, br;q=0')).headers['content-encoding']).toBe('gzip');
    expect((await docs('gzip;q=0, br;q=0, identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
