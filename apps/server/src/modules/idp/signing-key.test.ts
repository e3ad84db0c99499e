import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadConfig } from '../../config';
import { appSecrets } from '../../db/schema';

/** The embedded provider's signing key: from IDP_SIGNING_JWK when set, and then never in the database. */
describe('the embedded provider’s signing key', () => {
  let t: TestApp;
  let jwk: Record<string, unknown>;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    jwk = { ...(await exportJWK(privateKey)) };
    t = await buildTestApp({ IDP_SIGNING_JWK: JSON.stringify(jwk) });
  });
  afterAll(() => t?.close());

  it('publishes the key from the environment and keeps none in the database', async () => {
    const published = await t.app.inject({ url: '/idp/jwks' });
    expect(published.statusCode, published.body).toBe(200);
    const keys = published.json().keys as Array<Record<string, unknown>>;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', n: jwk.n, e: jwk.e });
    // The public half only.
    expect(keys[0]?.d).toBeUndefined();
    const stored = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'idp-signing-jwk'));
    expect(stored).toEqual([]);
  });

  it('refuses to start with a value that is not a private RSA key', () => {
    const { n, e } = jwk;
    for (const bad of ['not json', JSON.stringify({ kty: 'RSA', n, e }), JSON.stringify({ kty: 'EC' })])
      expect(() => loadConfig({ IDP_SIGNING_JWK: bad })).toThrow(/IDP_SIGNING_JWK/);
  });
});
