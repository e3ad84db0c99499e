import { ORGANIZATION_REQUIRED_FIELDS, type TOrganization, ZOrganization, ZProblem } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInAs } from '../../../test/sign-in';
import { organizations } from '../../db/schema';

const form = {
  name: 'Cooperativa Sociale Il Faro',
  reg_number: '01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Bologna',
  country: 'IT',
  date_of_foundation: '1998-03-15',
  contact_name: 'Giulia',
  contact_surname: 'Rossi',
  contact_role: 'Presidente',
  contact_email: 'giulia@ilfaro.it',
  personalData: true,
  selfCertification: true,
  termsOfService: true,
  nordicCountry: false,
  preFunding: true,
  chnageInLife: true,
};

type Headers = Record<string, string>;

describe('organizations (SPEC 3, 5, 6, 7 "Organization")', () => {
  let t: TestApp;
  let owner: Headers;
  let other: Headers;
  let ownerId: string;

  const create = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/Organization/CreateOrganization', headers, payload });
  const createOk = async (headers: Headers, payload: object = form): Promise<TOrganization> => {
    const res = await create(headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return ZOrganization.parse(res.json());
  };
  const count = async () => (await t.database.db.select().from(organizations)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await signInAs(t.database.db, { email: 'owner@example.org' });
    owner = a.headers;
    ownerId = a.user.id;
    other = (await signInAs(t.database.db, { email: 'other@example.org' })).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('every endpoint needs a signed-in user', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/Organization/CreateOrganization', payload: form },
      { method: 'GET' as const, url: '/api/Organization/GetOrganizations' },
      { method: 'GET' as const, url: `/api/Organization/GetOrganizationById?orgId=${crypto.randomUUID()}` },
      {
        method: 'PUT' as const,
        url: '/api/Organization/UpdateOrganization',
        payload: { ...form, id: crypto.randomUUID() },
      },
      { method: 'POST' as const, url: `/api/Organization/DeleteOrganization?orgId=${crypto.randomUUID()}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
    }
    expect(await count()).toBe(0);
  });

  it('registers an organization with every field, owned by the caller, and reads it back', async () => {
    const created = await createOk(owner);
    expect(created).toEqual({ ...form, id: expect.any(String), role: 'owner', updatedAt: expect.any(String) });
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, created.id));
    expect(row?.ownerUserId).toBe(ownerId);

    const byId = await t.app.inject({
      url: `/api/Organization/GetOrganizationById?orgId=${created.id}`,
      headers: owner,
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(created);
  });

  it.each(ORGANIZATION_REQUIRED_FIELDS)(
    'refuses a form without %s, with its field error, storing nothing',
    async (field) => {
      const before = await count();
      for (const payload of [
        Object.fromEntries(Object.entries(form).filter(([k]) => k !== field)),
        { ...form, [field]: '  ' },
      ]) {
        const res = await create(owner, payload);
        expect(res.statusCode).toBe(400);
        const problem = ZProblem.parse(res.json());
        expect(problem.errors).toEqual([{ path: field, messageKey: 'errors.field.required' }]);
      }
      expect(await count()).toBe(before);
    },
  );

  it('refuses a form without the personal data consent', async () => {
    const before = await count();
    for (const payload of [
      { ...form, personalData: false },
      { ...form, personalData: undefined },
    ]) {
      const res = await create(owner, payload);
      expect(res.statusCode).toBe(400);
      expect(ZProblem.parse(res.json()).errors?.[0]?.path).toBe('personalData');
    }
    expect(ZProblem.parse((await create(owner, { ...form, personalData: false })).json()).errors).toEqual([
      { path: 'personalData', messageKey: 'errors.organizations.consentRequired' },
    ]);
    expect(await count()).toBe(before);
  });

  it('refuses a malformed e-mail, over-long text, a made-up date and a future date', async () => {
    const before = await count();
    const cases: Array<[object, string, string]> = [
      [{ contact_email: 'giulia-at-ilfaro' }, 'contact_email', 'errors.organizations.invalidEmail'],
      [{ name: 'x'.repeat(201) }, 'name', 'errors.field.tooBig'],
      [{ date_of_foundation: '2021-02-30' }, 'date_of_foundation', 'errors.organizations.invalidDate'],
      [{ date_of_foundation: '2999-01-01' }, 'date_of_foundation', 'errors.organizations.foundationDateOutOfRange'],
      [{ country: 'Italia' }, 'country', 'errors.organizations.invalidCountry'],
    ];
    for (const [change, path, messageKey] of cases) {
      const res = await create(owner, { ...form, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(ZProblem.parse(res.json()).errors).toEqual([expect.objectContaining({ path, messageKey })]);
    }
    expect(await count()).toBe(before);
  });

  it('lists only the caller’s own organizations, by name', async () => {
    await createOk(owner, { ...form, name: 'Associazione Aurora' });
    await createOk(other, { ...form, name: 'Fondazione Altrui' });
    const mine = await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: owner });
    expect(mine.statusCode).toBe(200);
    const names = (mine.json() as TOrganization[]).map((o) => o.name);
    expect(names).toEqual(['Associazione Aurora', 'Cooperativa Sociale Il Faro']);
    const theirs = await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: other });
    expect((theirs.json() as TOrganization[]).map((o) => o.name)).toEqual(['Fondazione Altrui']);
  });

  it('updates the caller’s organization; the same rules apply', async () => {
    const org = await createOk(owner, { ...form, name: 'Da aggiornare' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Organization/UpdateOrganization',
      headers: owner,
      payload: { ...org, name: 'Aggiornata', city_name: 'Modena', date_of_foundation: null, chnageInLife: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: org.id, name: 'Aggiornata', city_name: 'Modena', date_of_foundation: null });
    expect(res.json().chnageInLife).toBe(false);

    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/api/Organization/UpdateOrganization',
      headers: owner,
      payload: { ...org, contact_role: '', personalData: false },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      ZProblem.parse(invalid.json())
        .errors?.map((e) => e.path)
        .sort(),
    ).toEqual(['contact_role', 'personalData']);
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row?.contactRole).toBe('Presidente');
    expect(row?.name).toBe('Aggiornata');
  });

  it('refuses an update based on a version saved since (409, nothing changed); saves from the new one, or without a base', async () => {
    const org = await createOk(owner, { ...form, name: 'Due titolari' });
    const update = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/Organization/UpdateOrganization', headers: owner, payload });
    const first = await update({ ...form, id: org.id, city_name: 'Parma', basedOnUpdatedAt: org.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    // A second owner (or tab) who opened the same version saves after the first.
    const second = await update({ ...form, id: org.id, city_name: 'Ferrara', basedOnUpdatedAt: org.updatedAt });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().messageKey).toBe('errors.organizations.changedSince');
    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row?.cityName).toBe('Parma');
    const saved = ZOrganization.parse(first.json());
    expect(saved.updatedAt).toBe(row?.updatedAt.toISOString());
    const fromNew = await update({ ...form, id: org.id, city_name: 'Ferrara', basedOnUpdatedAt: saved.updatedAt });
    expect(fromNew.statusCode, fromNew.body).toBe(200);
    // Without a base (older clients), saved over whatever is stored.
    const anyway = await update({ ...form, id: org.id, city_name: 'Rimini' });
    expect(anyway.statusCode, anyway.body).toBe(200);
    expect(anyway.json().city_name).toBe('Rimini');
  });

  it('another user’s organization is invisible (404) and untouchable', async () => {
    const org = await createOk(owner, { ...form, name: 'Solo mia' });
    const byId = await t.app.inject({ url: `/api/Organization/GetOrganizationById?orgId=${org.id}`, headers: other });
    expect(byId.statusCode).toBe(404);
    expect(byId.json().messageKey).toBe('errors.organizations.notFound');

    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/Organization/UpdateOrganization',
      headers: other,
      payload: { ...org, name: 'Presa' },
    });
    expect(update.statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'POST',
      url: `/api/Organization/DeleteOrganization?orgId=${org.id}`,
      headers: other,
    });
    expect(del.statusCode).toBe(404);

    const [row] = await t.database.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row?.name).toBe('Solo mia');
    expect(row?.ownerUserId).toBe(ownerId);
  });

  it('an unknown or malformed id answers 404 / 400', async () => {
    const unknown = await t.app.inject({
      url: `/api/Organization/GetOrganizationById?orgId=${crypto.randomUUID()}`,
      headers: owner,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/Organization/GetOrganizationById?orgId=42', headers: owner });
    expect(malformed.statusCode).toBe(400);
    expect(ZProblem.parse(malformed.json()).errors?.[0]?.path).toBe('orgId');
  });

  it('deletes the caller’s organization that has no submissions', async () => {
    const org = await createOk(owner, { ...form, name: 'Da eliminare' });
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/Organization/DeleteOrganization?orgId=${org.id}`,
      headers: owner,
    });
    expect(del.statusCode).toBe(204);
    expect(await t.database.db.select().from(organizations).where(eq(organizations.id, org.id))).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/Organization/DeleteOrganization?orgId=${org.id}`,
      headers: owner,
    });
    expect(again.statusCode).toBe(404);
  });

  describe('X-Organization-Id (SPEC 6)', () => {
    it('is checked against the caller’s organizations and given to every handler', async () => {
      const mine = await createOk(owner, { ...form, name: 'Selezionata' });
      const theirs = await createOk(other, { ...form, name: 'Di un altro' });

      const ok = await t.app.inject({
        url: '/api/Organization/GetOrganizations',
        headers: { ...owner, 'x-organization-id': mine.id },
      });
      expect(ok.statusCode).toBe(200);

      // A forged header naming someone else's organization is refused before any handler runs.
      const forged = await t.app.inject({
        url: '/api/Organization/GetOrganizations',
        headers: { ...owner, 'x-organization-id': theirs.id },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().messageKey).toBe('errors.organizations.notYours');

      const unknown = await t.app.inject({
        url: '/api/Config/GetConfig',
        headers: { ...owner, 'x-organization-id': crypto.randomUUID() },
      });
      expect(unknown.statusCode).toBe(403);

      const forgedWrite = await t.app.inject({
        method: 'POST',
        url: '/api/Organization/CreateOrganization',
        headers: { ...owner, 'x-organization-id': theirs.id },
        payload: { ...form, name: 'Mai creata' },
      });
      expect(forgedWrite.statusCode).toBe(403);
      expect(await t.database.db.select().from(organizations).where(eq(organizations.name, 'Mai creata'))).toEqual([]);

      const malformed = await t.app.inject({
        url: '/api/Organization/GetOrganizations',
        headers: { ...owner, 'x-organization-id': 'not-a-uuid' },
      });
      expect(malformed.statusCode).toBe(400);

      // The all-zero id means "none selected" (SPEC 9).
      const none = await t.app.inject({
        url: '/api/Organization/GetOrganizations',
        headers: { ...owner, 'x-organization-id': '00000000-0000-0000-0000-000000000000' },
      });
      expect(none.statusCode).toBe(200);
    });

    it('a deleted organization is refused at once on the instance that deleted it', async () => {
      const gone = await createOk(owner, { ...form, name: 'Da eliminare' });
      const use = () =>
        t.app.inject({
          url: '/api/Organization/GetOrganizations',
          headers: { ...owner, 'x-organization-id': gone.id },
        });
      expect((await use()).statusCode).toBe(200);
      expect((await use()).statusCode).toBe(200); // the second answer comes from the cache
      const deleted = await t.app.inject({
        method: 'POST',
        url: `/api/Organization/DeleteOrganization?orgId=${gone.id}`,
        headers: owner,
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect((await use()).statusCode).toBe(403);
    });
  });
});
