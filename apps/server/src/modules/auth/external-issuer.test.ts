import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZTokenResponse } from '@impact/domain';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { CookieJar } from '../../../test/cookie-jar';

/**
 * A second oidc-provider, on its own port, plays the external issuer (Keycloak, Entra ID...):
 * our app only knows its issuer URL, client id and secret, and reads roles from a nested claim.
 */
async function startExternalIssuer(options: { emailVerified?: boolean } = {}) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'impact-calls',
        client_secret: 'external-secret',
        redirect_uris: ['http://localhost:3000/login-callback'],
        post_logout_redirect_uris: ['http://localhost:3000/logout-callback'],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      roles: ['realm_access'],
    },
    features: { devInteractions: { enabled: false } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: 'officer@foundation.example',
        email_verified: options.emailVerified ?? true,
        given_name: 'Olga',
        family_name: 'Officer',
        realm_access: { roles: ['Admin', 'offline_access'] },
      }),
    }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['external-cookie-key'] },
  });
  const callback = provider.callback();
  // The external provider's own login page, reduced to "the user signs in and consents".
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: 'ext-42', clientId: 'impact-calls' });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: 'ext-42' }, consent: { grantId } });
  });
  return { issuer, close: () => new Promise((r) => server.close(r)) };
}

/** The browser's round trip: our app → the external issuer's login → back → token exchange. */
async function signInAtExternal(t: TestApp, issuer: string) {
  const appJar = new CookieJar();
  const start = appJar.store(
    await t.app.inject({ url: '/api/Auth/Login?register=true', headers: { host: 'localhost:3000' } }),
  );
  expect(start.statusCode).toBe(303);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(issuer);

  // The browser at the external issuer: follow redirects by hand, keeping its cookies.
  const browserCookies = new Map<string, string>();
  let location = authorize.toString();
  for (let i = 0; i < 8 && !location.startsWith('http://localhost:3000/login-callback'); i++) {
    const res = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: [...browserCookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) browserCookies.set(k.trim(), v.join('='));
    }
    location = new URL(String(res.headers.get('location')), location).toString();
  }
  const callback = new URL(location);
  expect(callback.searchParams.get('error_description') ?? callback.searchParams.get('code')).toBeTruthy();
  expect(callback.searchParams.get('error')).toBeNull();

  const exchange = appJar.store(
    await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { host: 'localhost:3000', ...appJar.header() },
      payload: {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        iss: callback.searchParams.get('iss') ?? undefined,
        redirectUri: 'http://localhost:3000/login-callback',
      },
    }),
  );
  return { exchange, appJar, authorize };
}

describe('sign-in through an external OpenID Connect issuer', () => {
  let external: Awaited<ReturnType<typeof startExternalIssuer>>;
  let t: TestApp;
  beforeAll(async () => {
    external = await startExternalIssuer();
    t = await buildTestApp({
      OIDC_ISSUER: external.issuer,
      OIDC_CLIENT_ID: 'impact-calls',
      OIDC_CLIENT_SECRET: 'external-secret',
      OIDC_SCOPES: 'openid email profile roles',
      OIDC_ROLES_CLAIM: 'realm_access.roles',
    });
  });
  afterAll(async () => {
    await t?.close();
    await external?.close();
  });

  it('does not mount the embedded provider', async () => {
    expect((await t.app.inject('/idp/.well-known/openid-configuration')).statusCode).toBe(404);
  });

  it('runs the code flow with PKCE and state, creates the user with its roles, and logs out at the issuer', async () => {
    const { exchange, appJar, authorize } = await signInAtExternal(t, external.issuer);
    expect(authorize.origin).toBe(external.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    // This issuer does not advertise prompt=create, so Register falls back to a plain sign-in.
    expect(authorize.searchParams.get('prompt')).toBeNull();
    expect(exchange.statusCode).toBe(200);
    const { token } = ZTokenResponse.parse(exchange.json());
    const me = await t.app.inject({ url: '/api/User', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({
      email: 'officer@foundation.example',
      firstName: 'Olga',
      lastName: 'Officer',
      roles: ['Admin', 'offline_access'],
    });

    const out = await t.app.inject({ method: 'POST', url: '/api/Jwt/logout', headers: appJar.header() });
    expect(out.json().logoutUrl.startsWith(`${external.issuer}/session/end`)).toBe(true);
  });
});

describe('an external issuer that does not verify e-mails', () => {
  let external: Awaited<ReturnType<typeof startExternalIssuer>>;
  let t: TestApp;
  beforeAll(async () => {
    external = await startExternalIssuer({ emailVerified: false });
    t = await buildTestApp({
      OIDC_ISSUER: external.issuer,
      OIDC_CLIENT_ID: 'impact-calls',
      OIDC_CLIENT_SECRET: 'external-secret',
    });
  });
  afterAll(async () => {
    await t?.close();
    await external?.close();
  });

  it('is refused: the e-mail decides which restricted calls a user sees', async () => {
    const { exchange } = await signInAtExternal(t, external.issuer);
    expect(exchange.statusCode).toBe(400);
    expect(exchange.json().messageKey).toBe('errors.auth.exchangeFailed');
  });
});
