import { ZTokenResponse } from '@impact/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { CookieJar } from '../../../test/cookie-jar';
import { createVerifiedAccount, signInThroughProvider } from '../../../test/sign-in';
import { ROTATION_GRACE_SECONDS } from './refresh-tokens';

describe('sessions: access tokens, refresh rotation, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createVerifiedAccount(t.database.db, { email: 'ada@example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function session() {
    const flow = await signInThroughProvider(t.app, 'ada@example.org', 'correct horse battery');
    expect(flow.response.statusCode).toBe(200);
    return { token: ZTokenResponse.parse(flow.response.json()).token, jar: flow.jar };
  }
  const refresh = (refreshToken: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', headers: { cookie: `ic_refresh=${refreshToken}` } });
  const me = (token: string) => t.app.inject({ url: '/api/User', headers: { authorization: `Bearer ${token}` } });

  it('answers 401 without a token, with a tampered token and with an expired one', async () => {
    expect((await t.app.inject('/api/User')).statusCode).toBe(401);
    const { token } = await session();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString('base64url');
    const tampered = await me(`${header}.${forged}.${signature}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().messageKey).toBe('errors.sessionExpired');

    const otherKey = await new SignJWT({ email: 'ada@example.org', roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('impact-calls')
      .setAudience('impact-calls-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a key that is not ours, long enough'));
    expect((await me(otherKey)).statusCode).toBe(401);
    const { getOrCreateSecret, randomSecret } = await import('../../lib/secrets');
    const secret = await getOrCreateSecret(t.database.db, 'auth-secret', randomSecret);
    const expired = await new SignJWT({ email: 'ada@example.org', roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('impact-calls')
      .setAudience('impact-calls-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(`access-token:${secret}`));
    expect((await me(expired)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('rotates the refresh token: the new one works, the old one is spent', async () => {
    const { jar } = await session();
    const first = jar.get('ic_refresh');
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.cookies.find((c) => c.name === 'ic_refresh')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const renewed = ZTokenResponse.parse(rotated.json());
    const profile = await me(renewed.token);
    expect(profile.statusCode).toBe(200);
    // The renewal carries the user as /User describes it, so the page need not ask again.
    expect(renewed.user).toEqual(profile.json());
    expect(renewed.user.email).toBe('ada@example.org');
    const third = await refresh(second);
    expect(third.statusCode).toBe(200);
  });

  it('tolerates a concurrent refresh with the same token within the grace period, without a new cookie', async () => {
    const { jar } = await session();
    const token = jar.get('ic_refresh');
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const newCookies = [a, b].filter((r) => r.cookies.some((c) => c.name === 'ic_refresh' && c.value));
    expect(newCookies).toHaveLength(1);
  });

  it('detects reuse of an old refresh token after the grace period and revokes the whole family', async () => {
    const { jar } = await session();
    const stolen = jar.get('ic_refresh');
    const rotated = await refresh(stolen);
    const current = rotated.cookies.find((c) => c.name === 'ic_refresh')?.value;
    // Age the rotation past the grace period, as if the thief came back later.
    const { refreshTokens } = await import('../../db/schema');
    const { isNotNull } = await import('drizzle-orm');
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - (ROTATION_GRACE_SECONDS + 5) * 1000) })
      .where(isNotNull(refreshTokens.rotatedAt));
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer token dies with the family.
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token, clears the cookies and points to the provider logout', async () => {
    const { jar } = await session();
    const token = jar.get('ic_refresh');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/logout',
      headers: { cookie: `ic_refresh=${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().logoutUrl).toContain('/idp/session/end');
    expect(out.json().logoutUrl).toContain(encodeURIComponent('http://localhost:3000/logout-callback'));
    const cleared = out.cookies.find((c) => c.name === 'ic_refresh');
    expect(cleared?.value).toBe('');
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refresh without a cookie is 401 and touches nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Jwt/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('a new jar (another browser) has its own session', async () => {
    const a = await session();
    const b = await signInThroughProvider(t.app, 'ada@example.org', 'correct horse battery', new CookieJar());
    expect(b.jar.get('ic_refresh')).not.toBe(a.jar.get('ic_refresh'));
  });
});
