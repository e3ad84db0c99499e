import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInAs } from '../../test/sign-in';
import { getOrCreateSecret, randomSecret } from '../lib/secrets';
import { AccessTokens } from '../modules/auth/access-tokens';
import { MembershipLookup } from '../modules/organizations/membership-lookup';
import { createOrganization } from '../modules/organizations/service';
import { authentication } from './authentication';
import { organizationHeader } from './organization-header';
import { problemDetails } from './problem-details';

/**
 * The plugin in isolation, on the real database and the real token check: a probe route shows
 * what every handler receives as request.organizationId.
 */
describe('organization header plugin', () => {
  let t: TestApp;
  let probe: FastifyInstance;
  let headers: Record<string, string>;
  let mine: string;
  let theirs: string;

  const orgInput = {
    name: 'Probe',
    reg_number: '1',
    street_name: 'Via 1',
    city_name: 'Roma',
    country: 'IT',
    date_of_foundation: null,
    contact_name: 'A',
    contact_surname: 'B',
    contact_role: 'C',
    contact_email: 'a@b.it',
    personalData: true,
    selfCertification: false,
    termsOfService: false,
    nordicCountry: false,
    preFunding: false,
    chnageInLife: false,
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const owner = await signInAs(db, { email: 'probe-owner@example.org' });
    const other = await signInAs(db, { email: 'probe-other@example.org' });
    headers = owner.headers;
    mine = (await createOrganization(db, owner.user.id, orgInput)).id;
    theirs = (await createOrganization(db, other.user.id, orgInput)).id;

    probe = Fastify();
    await probe.register(problemDetails);
    await probe.register(authentication, {
      tokens: new AccessTokens(await getOrCreateSecret(db, 'auth-secret', randomSecret)),
    });
    await probe.register(organizationHeader, { memberships: new MembershipLookup(db) });
    probe.get('/probe', async (request) => ({ organizationId: request.organizationId }));
    await probe.ready();
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  const ask = (extra: Record<string, string>) => probe.inject({ url: '/probe', headers: extra });

  it('gives the handler the caller’s own organization, normalised', async () => {
    const res = await ask({ ...headers, 'x-organization-id': mine.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organizationId: mine });
  });

  it('gives null when no organization is named', async () => {
    expect((await ask(headers)).json()).toEqual({ organizationId: null });
    expect((await ask({ ...headers, 'x-organization-id': '' })).json()).toEqual({ organizationId: null });
  });

  it('refuses a forged header (another user’s or an unknown organization) with 403', async () => {
    expect((await ask({ ...headers, 'x-organization-id': theirs })).statusCode).toBe(403);
    expect((await ask({ ...headers, 'x-organization-id': crypto.randomUUID() })).statusCode).toBe(403);
  });

  it('refuses a malformed id with 400', async () => {
    const res = await ask({ ...headers, 'x-organization-id': "1' or '1'='1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().messageKey).toBe('errors.organizations.invalidHeader');
  });

  it('never attaches an organization to an anonymous request', async () => {
    const res = await ask({ 'x-organization-id': mine });
    expect(res.json()).toEqual({ organizationId: null });
  });
});
