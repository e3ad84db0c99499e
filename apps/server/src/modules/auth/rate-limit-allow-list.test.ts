import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

const HOST = { host: 'localhost:3000' };
// GET /api/Auth/Login allows 60 a minute per address.
const OVER_THE_LIMIT = 62;

async function statusesOfManySignInStarts(t: TestApp, remoteAddress: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < OVER_THE_LIMIT; i++) {
    codes.push((await t.app.inject({ url: '/api/Auth/Login', headers: HOST, remoteAddress })).statusCode);
  }
  return codes;
}

describe('RATE_LIMIT_ALLOW_LIST', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ALLOW_LIST: '10.0.0.7, 127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('exempts the listed addresses from the per-address limits', async () => {
    expect(t.config.rateLimitAllowList).toEqual(['10.0.0.7', '127.0.0.1']);
    expect(await statusesOfManySignInStarts(t, '10.0.0.7')).not.toContain(429);
  });

  it('still limits every other address', async () => {
    expect(await statusesOfManySignInStarts(t, '10.0.0.8')).toContain(429);
  });
});
