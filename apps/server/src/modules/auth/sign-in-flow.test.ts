import { ZTokenResponse, ZUser } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createVerifiedAccount, signInThroughProvider } from '../../../test/sign-in';

describe('sign-in through the embedded provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.org' });
    await createVerifiedAccount(t.database.db, { email: 'giulia@example.org', firstName: 'Giulia', lastName: 'Rossi' });
    await createVerifiedAccount(t.database.db, { email: 'boss@example.org', firstName: 'Anna', lastName: 'Capo' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('exchanges the code for our access token and a refresh cookie, then GET /api/User answers the user', async () => {
    const flow = await signInThroughProvider(t.app, 'giulia@example.org', 'correct horse battery');
    expect(flow.ok).toBe(true);
    expect(flow.response.statusCode).toBe(200);
    const { token } = ZTokenResponse.parse(flow.response.json());
    expect(flow.jar.get('ic_refresh')).toBeTruthy();
    const refreshCookie = flow.response.cookies.find((c) => c.name === 'ic_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/Jwt' });
    expect(refreshCookie?.maxAge).toBe(30 * 24 * 60 * 60);

    const me = await t.app.inject({ url: '/api/User', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(ZUser.parse(me.json())).toMatchObject({
      email: 'giulia@example.org',
      firstName: 'Giulia',
      lastName: 'Rossi',
      roles: [],
    });
  });

  it('gives the admin role to ADMIN_EMAILS', async () => {
    const flow = await signInThroughProvider(t.app, 'boss@example.org', 'correct horse battery');
    const { token } = ZTokenResponse.parse(flow.response.json());
    const me = await t.app.inject({ url: '/api/User', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().roles).toContain('admin');
  });

  it('refuses a wrong password without revealing which part was wrong', async () => {
    const flow = await signInThroughProvider(t.app, 'giulia@example.org', 'wrong password!!');
    expect(flow.ok).toBe(false);
    expect(flow.response.statusCode).toBe(401);
    expect(flow.response.body).toContain('E-mail o password non corretti.');
    const unknown = await signInThroughProvider(t.app, 'nobody@example.org', 'whatever password');
    expect(unknown.response.body).toContain('E-mail o password non corretti.');
  });

  it('refuses a code exchange with a wrong state or a wrong code', async () => {
    const flow = await signInThroughProvider(t.app, 'giulia@example.org', 'correct horse battery');
    expect(flow.ok).toBe(true);
    if (!flow.ok) return;
    // Replay the (now spent) code: refused.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { host: 'localhost:3000', ...flow.jar.header() },
      payload: {
        code: flow.callback.searchParams.get('code'),
        state: flow.callback.searchParams.get('state'),
        redirectUri: 'http://localhost:3000/login-callback',
      },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().messageKey).toBe('errors.auth.exchangeFailed');

    // A fresh start, but the state sent back is not the one we issued.
    const start = await t.app.inject({ url: '/api/Auth/Login', headers: { host: 'localhost:3000' } });
    const pending = start.cookies.find((c) => c.name === 'ic_oidc');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { host: 'localhost:3000', cookie: `ic_oidc=${pending?.value}` },
      payload: { code: 'abc', state: 'not-the-state', redirectUri: 'http://localhost:3000/login-callback' },
    });
    expect(forged.statusCode).toBe(400);

    // The right state with a made-up code: the provider refuses it.
    const state = new URL(String(start.headers.location)).searchParams.get('state');
    const madeUp = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { host: 'localhost:3000', cookie: `ic_oidc=${pending?.value}` },
      payload: { code: 'made-up-code', state, redirectUri: 'http://localhost:3000/login-callback' },
    });
    expect(madeUp.statusCode).toBe(400);

    // A redirectUri of someone else's site: refused before anything else.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      payload: { code: 'abc', state: 'x', redirectUri: 'https://evil.example/login-callback' },
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
