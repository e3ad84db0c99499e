import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

/** Behind a TLS-terminating proxy, links come from PUBLIC_URL; cookie endpoints refuse other sites. */
describe('behind a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://calls.example.org', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('builds the sign-in and logout links from PUBLIC_URL, not from the in-process request', async () => {
    const login = await t.app.inject({ url: '/api/Auth/Login', headers: { host: 'calls.example.org' } });
    expect(login.statusCode).toBe(303);
    expect(String(login.headers.location)).toMatch(/^https:\/\/calls\.example\.org\/idp\/auth\?/);
    const logout = await t.app.inject({ method: 'POST', url: '/api/Jwt/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().logoutUrl).toMatch(/^https:\/\/calls\.example\.org\/idp\/session\/end/);
  });

  it.each(['/api/Jwt/refresh', '/api/Jwt/logout'])('%s refuses cross-site requests', async (url) => {
    const evilOrigin = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://evil.example', cookie: 'ic_refresh=x' },
    });
    expect(evilOrigin.statusCode).toBe(403);
    expect(evilOrigin.json().messageKey).toBe('errors.auth.crossSite');
    const crossSite = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'sec-fetch-site': 'cross-site', cookie: 'ic_refresh=x' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'sec-fetch-site': 'same-site', origin: 'https://other.example.org' },
    });
    expect(sameSite.statusCode).toBe(403);
    // Our own page: accepted (refresh answers 401 for the unknown cookie, logout 200).
    const ours = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: 'https://calls.example.org', 'sec-fetch-site': 'same-origin', cookie: 'ic_refresh=x' },
    });
    expect([200, 401]).toContain(ours.statusCode);
  });
});
