import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { getOrCreateSecret, randomSecret } from '../src/lib/secrets';
import { AccessTokens } from '../src/modules/auth/access-tokens';
import { issueRefreshToken } from '../src/modules/auth/refresh-tokens';
import { createAccount } from '../src/modules/idp/accounts';
import { upsertUserFromIdentity } from '../src/modules/users/service';
import { CookieJar } from './cookie-jar';

const PUBLIC_HOST = 'localhost:3000';

/** A verified local account on the embedded provider. */
export async function createVerifiedAccount(
  db: Db,
  input: {
    email: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    roles?: string[];
    language?: 'it' | 'en' | 'fr';
  },
) {
  const result = await createAccount(
    db,
    {
      email: input.email,
      password: input.password ?? 'correct horse battery',
      firstName: input.firstName ?? 'Giulia',
      lastName: input.lastName ?? 'Rossi',
      language: input.language ?? 'it',
      roles: input.roles ?? [],
    },
    { verified: true },
  );
  return result.account;
}

/**
 * The whole browser dance through the embedded provider, with app.inject standing in for the
 * browser: start, provider login page, password, callback, token exchange.
 */
export async function signInThroughProvider(
  app: FastifyInstance,
  email: string,
  password: string,
  jar = new CookieJar(),
) {
  const go = async (
    url: string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; json?: unknown } = {},
  ) => {
    const target = new URL(url, `http://${PUBLIC_HOST}`);
    const res = await app.inject({
      method: init.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        host: PUBLIC_HOST,
        ...jar.header(),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { payload: new URLSearchParams(init.form).toString() } : {}),
      ...(init.json ? { payload: init.json as object } : {}),
    });
    return jar.store(res);
  };

  const start = await go('/api/Auth/Login');
  expect(start.statusCode).toBe(303);
  let res = await go(String(start.headers.location));
  expect(res.statusCode).toBe(303);
  const interactionUrl = String(res.headers.location);
  res = await go(interactionUrl);
  expect(res.statusCode).toBe(200);
  res = await go(`${interactionUrl}/login`, { method: 'POST', form: { email, password } });
  if (res.statusCode !== 303) return { ok: false as const, response: res, jar };
  // Follow the provider's redirects until it sends the browser back to the app.
  let location = String(res.headers.location);
  for (let i = 0; i < 5 && !location.includes('/login-callback'); i++) {
    res = await go(location);
    location = String(res.headers.location);
  }
  const callback = new URL(location);
  const exchange = await go('/api/Jwt/token-exchange', {
    method: 'POST',
    json: {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss') ?? undefined,
      redirectUri: 'http://localhost:3000/login-callback',
    },
  });
  return { ok: true as const, response: exchange, jar, callback };
}

/**
 * A signed-in user for tests of other features: the user row and an access token from our own
 * token issuer (the same code path a real sign-in ends with), without the provider round trip.
 */
export async function signInAs(
  db: Db,
  input: { email: string; firstName?: string; lastName?: string; roles?: string[] },
) {
  const user = await upsertUserFromIdentity(db, {
    issuer: 'test',
    subject: input.email,
    email: input.email,
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
    roles: input.roles ?? [],
  });
  const tokens = new AccessTokens(await getOrCreateSecret(db, 'auth-secret', randomSecret));
  // A real session (refresh-token family), so the token passes the revocation check.
  const session = await issueRefreshToken(db, user.id, null);
  const token = await tokens.sign({
    userId: user.id,
    email: user.email,
    roles: user.roles,
    sessionId: session.familyId,
  });
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
