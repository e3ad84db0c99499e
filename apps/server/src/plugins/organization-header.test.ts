import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { countQueries } from '../../test/count-queries';
import { signInAs } from '../../test/sign-in';
import { getOrCreateSecret, randomSecret } from '../lib/secrets';
import { AccessTokens } from '../modules/auth/access-tokens';
import { CallerLookups } from '../modules/auth/caller-lookups';
import { revokeSession, SessionRevocations } from '../modules/auth/session-revocations';
import { createOrganization } from '../modules/organizations/service';
import { authentication } from './authentication';
import { askRoleWithSessionCheck, organizationHeader } from './organization-header';
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
    await probe.register(organizationHeader, { memberships: new CallerLookups(db) });
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

  describe('asked together with the session, as the app wires it', () => {
    let wired: FastifyInstance;
    let queries: ReturnType<typeof countQueries> | undefined;

    beforeAll(async () => {
      const db = t.database.db;
      const lookups = new CallerLookups(db);
      const revocations = new SessionRevocations(lookups);
      wired = Fastify();
      await wired.register(problemDetails);
      await wired.register(authentication, {
        tokens: new AccessTokens(
          await getOrCreateSecret(db, 'auth-secret', randomSecret),
          revocations.isRevoked,
          revocations.knownAnswer,
        ),
        withSessionCheck: askRoleWithSessionCheck(lookups),
      });
      await wired.register(organizationHeader, { memberships: lookups });
      wired.get('/probe', async (request) => ({
        user: request.user?.id ?? null,
        organizationId: request.organizationId,
      }));
      await wired.ready();
      queries = countQueries(t.database);
    });
    afterAll(async () => {
      queries?.stop();
      await wired?.close();
    });

    const newSession = async (email: string) => {
      const signed = await signInAs(t.database.db, { email });
      const owned = (await createOrganization(t.database.db, signed.user.id, orgInput)).id;
      return { ...signed, owned };
    };
    const askWired = (extra: Record<string, string>) => wired.inject({ url: '/probe', headers: extra });

    it('asks a new session’s revocation and its role in one statement', async () => {
      const { headers: h, owned, user } = await newSession('wired-one@example.org');
      if (queries) queries.count = 0;
      const res = await askWired({ ...h, 'x-organization-id': owned });
      expect(res.json()).toEqual({ user: user.id, organizationId: owned });
      expect(queries?.count).toBe(1);
      // The session's answer is now kept: the next request asks for the role alone.
      if (queries) queries.count = 0;
      expect((await askWired({ ...h, 'x-organization-id': owned })).json()).toEqual({
        user: user.id,
        organizationId: owned,
      });
      expect(queries?.count).toBe(1);
    });

    it('still refuses an organization that is not the caller’s', async () => {
      const { headers: h } = await newSession('wired-two@example.org');
      expect((await askWired({ ...h, 'x-organization-id': theirs })).statusCode).toBe(403);
      expect((await askWired({ ...h, 'x-organization-id': crypto.randomUUID() })).statusCode).toBe(403);
    });

    it('gives a revoked session no organization, though its role was asked with it', async () => {
      const { headers: h, owned, token } = await newSession('wired-three@example.org');
      const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
      await revokeSession(t.database.db, sid);
      const res = await askWired({ ...h, 'x-organization-id': owned });
      expect(res.json()).toEqual({ user: null, organizationId: null });
      // Its revocation is now known: the same token again asks the database nothing.
      if (queries) queries.count = 0;
      expect((await askWired({ ...h, 'x-organization-id': owned })).json()).toEqual({
        user: null,
        organizationId: null,
      });
      // A question asked anyway would go out on the next turn, after the answer: wait for it.
      await new Promise((r) => setTimeout(r, 50));
      expect(queries?.count).toBe(0);
    });
  });
});
