import { DEFAULT_CONFIG, type TConfig } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { organizationForm, PNG_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { auditLog, configs, consentAcceptances, consentTextVersions } from '../../db/schema';

type Who = { headers: Record<string, string> };

describe('branding configurations (SPEC 2 customize, 4 "one active", 6, 7 Config/*)', () => {
  let t: TestApp;
  let owner: Who;
  let outsider: Who;
  let lookalike: Who;
  let applicant: Who;

  const draft = (name: string, extra: Partial<TConfig> = {}) => {
    const { isActive: _active, ...rest } = DEFAULT_CONFIG;
    return { ...rest, name, message: `${name} message`, ...extra };
  };
  const upsert = (who: Who, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/Config/UpsertConfig', headers: who.headers, payload: body });
  const activate = (who: Who, configId: string) =>
    t.app.inject({ method: 'POST', url: `/api/Config/ActivateConfig?configId=${configId}`, headers: who.headers });
  const remove = (who: Who, configId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/Config/DeleteConfig?configId=${configId}`, headers: who.headers });
  const activeRows = async () => t.database.db.select().from(configs).where(eq(configs.isActive, true));

  beforeAll(async () => {
    t = await buildTestApp({ CUSTOMIZE_EMAIL_DOMAIN: 'impact-calls.test' });
    owner = await signInAs(t.database.db, { email: 'brand@impact-calls.test', roles: ['admin'] });
    outsider = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    lookalike = await signInAs(t.database.db, { email: 'admin@evil-impact-calls.test', roles: ['admin'] });
    applicant = await signInAs(t.database.db, { email: 'anna@impact-calls.test' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the welcome message and consent in en and fr; a consent is recorded in the wording the person read', async () => {
    const translations = {
      en: { message: 'Welcome, applicants', dataConsentText: 'I agree to the processing of my data.' },
      fr: { message: 'Bienvenue' },
    };
    const unknown = await upsert(
      owner,
      draft('Fondazione Lingue', { translations: { de: { message: 'x' } } as never }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('errors.translations.language');
    const created = await upsert(owner, draft('Fondazione Lingue', { translations }));
    expect(created.statusCode, created.body).toBe(200);
    expect((await activate(owner, created.json().id)).statusCode).toBe(200);
    expect((await t.app.inject('/api/Config/GetConfig')).json().translations).toEqual(translations);
    // An organization registered in English records the English consent sentence.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: { ...applicant.headers, 'accept-language': 'en' },
      payload: organizationForm('Lingue Aps'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [accepted] = await t.database.db
      .select({ text: consentTextVersions.text })
      .from(consentAcceptances)
      .innerJoin(consentTextVersions, eq(consentTextVersions.id, consentAcceptances.versionId))
      .where(eq(consentAcceptances.organizationId, res.json().id));
    expect(accepted?.text).toBe('I agree to the processing of my data.');
    // Back to the default branding for the tests that follow.
    const [builtIn] = await t.database.db.select().from(configs).where(eq(configs.name, DEFAULT_CONFIG.name));
    if (builtIn) await activate(owner, builtIn.id);
    expect((await remove(owner, created.json().id)).statusCode).toBeLessThan(300);
  });

  it('creates a second configuration inactive, activates it, and GetConfig shows it at once', async () => {
    const created = await upsert(
      owner,
      draft('Fondazione Blu', { logoBase64: `data:image/png;base64,${PNG_BYTES.toString('base64')}` }),
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Fondazione Blu', isActive: false });
    expect((await t.app.inject('/api/Config/GetConfig')).json().name).toBe(DEFAULT_CONFIG.name);

    const activated = await activate(owner, created.json().id);
    expect(activated.statusCode, activated.body).toBe(200);
    const live = (await t.app.inject('/api/Config/GetConfig')).json();
    expect(live).toMatchObject({ name: 'Fondazione Blu', message: 'Fondazione Blu message', isActive: true });
    expect(await activeRows()).toHaveLength(1);

    const list = (await t.app.inject({ url: '/api/Config/GetConfigList', headers: owner.headers })).json();
    expect(list.map((c: TConfig) => [c.name, c.isActive])).toEqual([
      ['Fondazione Blu', true],
      [DEFAULT_CONFIG.name, false],
    ]);
  });

  it('editing the active configuration shows on the next read here, and within a second on other instances', async () => {
    const active = (await t.app.inject('/api/Config/GetConfig')).json() as TConfig;
    const { isActive: _a, ...rest } = active;
    expect((await upsert(owner, { ...rest, languageSelection: false })).statusCode).toBe(200);
    expect((await t.app.inject('/api/Config/GetConfig')).json().languageSelection).toBe(false);
    // A write by another instance is seen within a second: the cache rechecks the row's version.
    await t.database.db
      .update(configs)
      .set({ message: 'from another instance', updatedAt: new Date() })
      .where(eq(configs.id, active.id));
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await t.app.inject('/api/Config/GetConfig')).json().message).toBe('from another instance');
  });

  it('two configurations are never active at once, even under concurrent activations', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) ids.push((await upsert(owner, draft(name))).json().id);
    const results = await Promise.all([...ids, ...ids].map((id) => activate(owner, id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const active = await activeRows();
    expect(active).toHaveLength(1);
    expect((await t.app.inject('/api/Config/GetConfig')).json().id).toBe(active[0]?.id);
  });

  it('the active configuration cannot be deleted; another can', async () => {
    const [active] = await activeRows();
    const refused = await remove(owner, active?.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageKey).toBe('errors.config.activeCannotBeDeleted');
    const spare = (await upsert(owner, draft('Spare'))).json().id;
    expect((await remove(owner, spare)).statusCode).toBe(204);
    expect((await remove(owner, spare)).statusCode).toBe(404);
  });

  it('an admin outside the domain (or of a look-alike domain) gets 403 on every Config write and on the list', async () => {
    const [active] = await activeRows();
    const id = active?.id ?? '';
    for (const who of [outsider, lookalike]) {
      expect((await upsert(who, draft('Hijack'))).statusCode).toBe(403);
      expect((await upsert(who, { ...draft('Hijack'), id })).statusCode).toBe(403);
      expect((await activate(who, id)).statusCode).toBe(403);
      expect((await remove(who, id)).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/Config/GetConfigList', headers: who.headers })).statusCode).toBe(403);
      const can = (await t.app.inject({ url: '/api/Config/CanCustomize', headers: who.headers })).json();
      expect(can).toEqual({ canCustomize: false, domain: 'impact-calls.test' });
    }
    // Inside the domain but not an admin: still 403. Not signed in: 401.
    expect((await upsert(applicant, draft('Hijack'))).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/Config/UpsertConfig', payload: draft('x') })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/api/Config/CanCustomize', headers: owner.headers })).json().canCustomize).toBe(
      true,
    );
    expect(await t.database.db.select().from(configs).where(eq(configs.name, 'Hijack'))).toHaveLength(0);
  });

  it('an SVG logo with a script, handlers, foreign objects and external references is neutralised', async () => {
    const evil = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
      <script>alert('x')</script><rect width="10" height="10" fill="url(#g)" onclick="alert(2)"/>
      <foreignObject><iframe src="https://evil.example"></iframe><p>hi</p></foreignObject>
      <image href="https://evil.example/x.png"/><use href="data:image/svg+xml,..."/>
      <circle cx="5" cy="5" r="2" fill="url(https://evil.example/a)" style="background:url(https://evil.example)"/>
      <a href="javascript:alert(3)"><text x="1" y="9">Logo</text></a></svg>`;
    const res = await upsert(
      owner,
      draft('SVG', { logoBase64: `data:image/svg+xml;base64,${Buffer.from(evil).toString('base64')}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored: string = res.json().logoBase64;
    expect(stored.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(stored.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('viewBox="0 0 10 10"');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<text x="1" y="9">Logo</text>');
    for (const bad of [
      'script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.example',
      'href',
      'style',
      'javascript',
      '<p>',
      'hi',
    ]) {
      expect(svg).not.toContain(bad);
    }
  });

  it('the logo is typed by its bytes: a PNG labelled SVG is stored as PNG, an executable is refused (415)', async () => {
    const relabelled = await upsert(
      owner,
      draft('P', { logoBase64: `data:image/svg+xml;base64,${PNG_BYTES.toString('base64')}` }),
    );
    expect(relabelled.json().logoBase64.startsWith('data:image/png;base64,')).toBe(true);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const refused = await upsert(owner, draft('X', { logoBase64: `data:image/png;base64,${exe.toString('base64')}` }));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().messageKey).toBe('errors.config.logoNotImage');
    const html = await upsert(
      owner,
      draft('H', { logoBase64: `data:text/html,${encodeURIComponent('<script>alert(1)</script>')}` }),
    );
    expect(html.statusCode).toBe(415);
  });

  it('GET Config/GetLogo serves the active logo with its type, nosniff and a sandbox', async () => {
    const [active] = await activeRows();
    const { isActive: _a, createdAt: _c, updatedAt: _u, ...rest } = active as typeof configs.$inferSelect;
    await upsert(owner, { ...rest, logoBase64: `data:image/png;base64,${PNG_BYTES.toString('base64')}` });
    const res = await t.app.inject('/api/Config/GetLogo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('every configuration write is in the audit trail, with who did it', async () => {
    const rows = await t.database.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['config.create', 'config.update', 'config.activate', 'config.delete'])
      expect(actions).toContain(a);
    expect(new Set(rows.map((r) => r.actorEmail))).toEqual(new Set(['brand@impact-calls.test']));
  });
});
