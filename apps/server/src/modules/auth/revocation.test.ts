import { ZTokenResponse } from '@impact/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createVerifiedAccount, signInThroughProvider } from '../../../test/sign-in';
import { getOrCreateSecret, randomSecret } from '../../lib/secrets';

/** Logout means logged out, and only complete tokens are accepted. */
describe('access tokens: session revocation and required claims', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createVerifiedAccount(t.database.db, { email: 'grace@example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (token: string) => t.app.inject({ url: '/api/User', headers: { authorization: `Bearer ${token}` } });

  async function session() {
    const flow = await signInThroughProvider(t.app, 'grace@example.org', 'correct horse battery');
    expect(flow.response.statusCode).toBe(200);
    return { token: ZTokenResponse.parse(flow.response.json()).token, jar: flow.jar };
  }

  it('logout revokes the access tokens of that session at once, and only of that session', async () => {
    const a = await session();
    const b = await session();
    expect((await me(a.token)).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', headers: a.jar.header() });
    const renewed = ZTokenResponse.parse(refreshed.json()).token;
    const out = await t.app.inject({ method: 'POST', url: '/api/Jwt/logout', headers: a.jar.header() });
    expect(out.statusCode).toBe(200);
    const after = await me(a.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().messageKey).toBe('errors.sessionExpired');
    expect((await me(renewed)).statusCode).toBe(401); // every access token of the session
    expect((await me(b.token)).statusCode).toBe(200); // another browser stays signed in
  });

  it('logout with only the access token (cookie gone) still revokes its session', async () => {
    const a = await session();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/logout',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(401);
  });

  it('refuses a correctly signed token that lacks exp, iat, iss, aud or the session id', async () => {
    const { token } = await session();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const secret = await getOrCreateSecret(t.database.db, 'auth-secret', randomSecret);
    const key = new TextEncoder().encode(`access-token:${secret}`);
    const now = Math.floor(Date.now() / 1000);
    const full = { ...claims, iat: now, exp: now + 600 };
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    expect((await me(await sign(full))).statusCode).toBe(200);
    for (const missing of ['exp', 'iat', 'iss', 'aud', 'sid']) {
      const { [missing]: _dropped, ...rest } = full;
      const res = await me(await sign(rest));
      expect(res.statusCode, `without ${missing}`).toBe(401);
    }
  });
});
