import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOpenCall, createOrganization, organizationForm } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { auditLog, callScreenings, calls, organizationMembers } from '../../db/schema';
import { createFileStorage } from '../files/storage';
import { runRetention } from '../privacy/retention';

type Headers = Record<string, string>;

/** The screener of these tests: one yes/no question and two rules, one on the country, one on the answer. */
const MODEL = {
  pages: [
    {
      name: 'page1',
      elements: [
        {
          type: 'boolean',
          name: 'nonProfit',
          title: { default: 'Siete un ente senza scopo di lucro?', en: 'Are you a non-profit?' },
          isRequired: true,
        },
      ],
    },
  ],
};
const COUNTRY_RULE = {
  expression: "{org.country} != 'IT'",
  message: {
    it: 'Il bando è riservato alle organizzazioni italiane.',
    en: 'The call is open to Italian organizations only.',
    fr: 'L’appel est réservé aux organisations italiennes.',
  },
};
/** Italian only: the other languages read the Italian text. */
const ANSWER_RULE = { expression: '{nonProfit} = false', message: { it: 'Solo enti senza scopo di lucro.' } };
const SCREENER = { model: MODEL, rules: [COUNTRY_RULE, ANSWER_RULE], contact: 'bandi@fondazione.example' };

/**
 * Issue "Eligibility and stages", part 1: a call's screener, judged on the server, remembered per
 * organization and call, and standing between an organization and a new application.
 */
describe('eligibility screener', () => {
  let t: TestApp;
  let admin: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let anna: Headers; // owner of an Italian organization
  let annaOrg: string;
  let pierre: Headers; // owner of a French one
  let pierreOrg: string;
  let viewer: Headers;
  let outsider: Headers;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers, ...(payload ? { payload } : {}) });
  const save = (screener: object | null, headers = admin) =>
    inject('PUT', 'Call/SaveScreener', headers, { callId: call.id, screener });
  const screen = (headers: Headers, answers: object, language = 'it') =>
    inject('POST', 'Call/Screen', { ...headers, 'accept-language': language }, { callId: call.id, answers });
  const start = (headers: Headers, language = 'it') =>
    inject('POST', 'Call/UpsertCallSubmission', { ...headers, 'accept-language': language }, { callId: call.id });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    call = await createOpenCall(t.app, admin, { name: 'Bando con requisiti' });
    const a = await signInAs(db, { email: 'anna@aurora.example' });
    annaOrg = await createOrganization(t.app, a.headers, 'Cooperativa Aurora');
    anna = { ...a.headers, 'x-organization-id': annaOrg };
    const p = await signInAs(db, { email: 'pierre@soleil.example' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: p.headers,
      payload: { ...organizationForm('Association Soleil'), country: 'FR', date_of_foundation: '2019-05-01' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    pierreOrg = created.json().id;
    pierre = { ...p.headers, 'x-organization-id': pierreOrg };
    const v = await signInAs(db, { email: 'vera@aurora.example' });
    await db.insert(organizationMembers).values({ organizationId: annaOrg, userId: v.user.id, role: 'viewer' });
    viewer = { ...v.headers, 'x-organization-id': annaOrg };
    const o = await signInAs(db, { email: 'olga@altrove.example' });
    await createOrganization(t.app, o.headers, 'Altrove');
    outsider = { ...o.headers, 'x-organization-id': annaOrg };
    const saved = await save(SCREENER);
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('admins read back what they saved, and the save is in the audit trail', async () => {
    const read = await inject('GET', `Call/GetScreenerAdmin?callId=${call.id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().screener.model).toEqual(MODEL);
    expect(read.json().screener.rules[1].message).toEqual({ it: ANSWER_RULE.message.it, en: '', fr: '' });
    expect(read.json().screener.contact).toBe('bandi@fondazione.example');
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'call.screener'));
    expect(trail.map((e) => e.targetId)).toContain(call.id);
  });

  it('an organization that has not screened cannot start the application', async () => {
    const res = await start(anna);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().messageKey).toBe('errors.screening.required');
  });

  it('a rule on the country: ineligible with its message in the reader’s language, 403 on start; eligible once it holds no more', async () => {
    const res = await screen(pierre, { nonProfit: true }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ eligible: false, reasons: [COUNTRY_RULE.message.en] });
    const refused = await start(pierre, 'fr');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().messageKey).toBe('errors.screening.ineligible');
    expect(refused.json().reasons).toEqual([COUNTRY_RULE.message.fr]);
    // The applicant's page shows the latest result and whom to write to.
    const page = await inject('GET', `Call/GetScreener?callId=${call.id}`, { ...pierre, 'accept-language': 'en' });
    expect(page.json()).toMatchObject({
      contact: 'bandi@fondazione.example',
      latest: { eligible: false, reasons: [COUNTRY_RULE.message.en] },
    });
    expect(page.json().model).toEqual(MODEL);
    // The call has no English name: the heading shows the Italian one and says so.
    expect(page.json().callNameLanguage).toBe('it');
    const inItalian = await inject('GET', `Call/GetScreener?callId=${call.id}`, { ...pierre, 'accept-language': 'it' });
    expect(inItalian.json().callNameLanguage).toBeUndefined();
    // The organization moves to Italy (its registered data), screens again and may start.
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/Organization/UpdateOrganization',
      headers: pierre,
      payload: { ...organizationForm('Association Soleil'), id: pierreOrg, country: 'IT' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await screen(pierre, { nonProfit: true })).json()).toEqual({ eligible: true, reasons: [] });
    const started = await start(pierre);
    expect(started.statusCode, started.body).toBe(200);
  });

  it('a rule on an answer: ineligible (Italian where the message has no French), then screening again with other answers lets it start', async () => {
    const res = await screen(anna, { nonProfit: false }, 'fr');
    expect(res.json()).toEqual({ eligible: false, reasons: [ANSWER_RULE.message.it] });
    const refused = await start(anna);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reasons).toEqual([ANSWER_RULE.message.it]);
    expect((await screen(anna, { nonProfit: true })).json()).toEqual({ eligible: true, reasons: [] });
    const started = await start(anna);
    expect(started.statusCode, started.body).toBe(200);
    // Each attempt is kept, with who answered.
    const attempts = await t.database.db
      .select()
      .from(callScreenings)
      .where(eq(callScreenings.organizationId, annaOrg));
    expect(attempts.map((a) => a.eligible).sort()).toEqual([false, true]);
    expect(attempts.every((a) => a.userId !== null)).toBe(true);
  });

  it('the organization’s registered data: years since foundation and the consent flags', async () => {
    const rule = (expression: string) => ({ expression, message: { it: expression } });
    const preview = (org: object) =>
      inject('POST', 'Call/PreviewScreener', admin, {
        screener: {
          model: MODEL,
          rules: [rule('{org.yearsSinceFoundation} < 3'), rule('{org.selfCertification} = false')],
        },
        answers: { nonProfit: true },
        org,
      });
    const young = await preview({ country: 'IT', yearsSinceFoundation: 1, selfCertification: true });
    expect(young.statusCode, young.body).toBe(200);
    expect(young.json()).toEqual({ eligible: false, reasons: ['{org.yearsSinceFoundation} < 3'] });
    const both = await preview({ country: 'IT', yearsSinceFoundation: 1 });
    expect(both.json().reasons).toHaveLength(2);
    expect((await preview({ country: 'IT', yearsSinceFoundation: 10, selfCertification: true })).json()).toEqual({
      eligible: true,
      reasons: [],
    });
  });

  it('answers that leave a required question empty are a 400 and nothing is kept', async () => {
    const before = (await t.database.db.select().from(callScreenings)).length;
    const res = await screen(anna, {});
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'answers.nonProfit', messageKey: 'errors.surveys.answerRequired' }]);
    expect((await t.database.db.select().from(callScreenings)).length).toBe(before);
  });

  it('new rules need a new screening, but an application already started keeps working', async () => {
    const b = await signInAs(t.database.db, { email: 'bruna@borgo.example' });
    const brunaOrg = await createOrganization(t.app, b.headers, 'Borgo Vivo');
    const bruna = { ...b.headers, 'x-organization-id': brunaOrg };
    expect((await screen(bruna, { nonProfit: true })).json().eligible).toBe(true);
    // Anna started above; the admin now adds a rule every organization fails.
    const stricter = {
      ...SCREENER,
      rules: [...SCREENER.rules, { expression: "{org.country} = 'IT'", message: { it: 'Chiuso.' } }],
    };
    expect((await save(stricter)).statusCode).toBe(200);
    const annaAgain = await start(anna);
    expect(annaAgain.statusCode, annaAgain.body).toBe(200);
    const write = await inject('POST', 'Call/UpsertCallStepResult', anna, {
      callSubmissionId: annaAgain.json().id,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'Ancora qui' }),
      version: 0,
    });
    expect(write.statusCode, write.body).toBe(200);
    // Bruna screened against the old rules: she must screen again, and the new rule stops her.
    expect((await start(bruna)).json().messageKey).toBe('errors.screening.required');
    expect((await inject('GET', `Call/GetScreener?callId=${call.id}`, bruna)).json().latest).toBeNull();
    expect((await screen(bruna, { nonProfit: true })).json()).toEqual({ eligible: false, reasons: ['Chiuso.'] });
    // Removed, the screener stops no one; saved again, the old screenings count for nothing.
    expect((await save(null)).statusCode).toBe(200);
    expect((await inject('GET', `Call/GetScreenerAdmin?callId=${call.id}`, admin)).json().screener).toBeNull();
    expect((await save(SCREENER)).statusCode).toBe(200);
    expect((await start(bruna)).json().messageKey).toBe('errors.screening.required');
    expect((await screen(bruna, { nonProfit: true })).json().eligible).toBe(true);
    expect((await start(bruna)).statusCode).toBe(200);
  });

  it('admins see the figures and every attempt with its answers', async () => {
    const res = await inject('GET', `Call/GetScreenings?callId=${call.id}`, { ...admin, 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.screened).toBe(3);
    expect(body.screenings.length).toBeGreaterThanOrEqual(6);
    expect(body.attempts).toBe(body.screenings.length);
    // The latest of each organization is marked, once per organization.
    expect(body.screenings.filter((s: { latest: boolean }) => s.latest)).toHaveLength(3);
    const latestOfPierre = body.screenings.find(
      (s: { organizationId: string; latest: boolean }) => s.organizationId === pierreOrg && s.latest,
    );
    expect(latestOfPierre).toMatchObject({
      eligible: true,
      answers: { nonProfit: true },
      organizationName: 'Association Soleil',
    });
    expect(latestOfPierre.screenedBy.email).toBe('pierre@soleil.example');
    const firstOfPierre = body.screenings.findLast((s: { organizationId: string }) => s.organizationId === pierreOrg);
    expect(firstOfPierre.reasons).toEqual([COUNTRY_RULE.message.en]);
    expect(body.eligible).toBe(3);
    expect(body.reasons).toEqual([]);
  });

  describe('a screener that cannot be saved is a 400 and nothing changes', () => {
    const cases: Array<[string, object, string, string]> = [
      ['a model that is not an object', { ...SCREENER, model: [1, 2] }, 'screener.model', 'errors.field.invalidType'],
      [
        'an expression that does not parse',
        { ...SCREENER, rules: [{ expression: '{nonProfit} = = (', message: { it: 'x' } }] },
        'screener.rules.0.expression',
        'errors.screening.expressionSyntax',
      ],
      [
        'an expression naming nothing known',
        { ...SCREENER, rules: [{ expression: "{org.contry} = 'IT'", message: { it: 'x' } }] },
        'screener.rules.0.expression',
        'errors.screening.unknownVariable',
      ],
      [
        'an expression calling an unknown function',
        { ...SCREENER, rules: [{ expression: 'launch({nonProfit})', message: { it: 'x' } }] },
        'screener.rules.0.expression',
        'errors.screening.unknownFunction',
      ],
      [
        'a message without Italian',
        { ...SCREENER, rules: [{ expression: '{nonProfit} = false', message: { en: 'Non-profits only' } }] },
        'screener.rules.0.message.it',
        'errors.field.required',
      ],
      [
        'a question named like the organization’s data',
        { ...SCREENER, model: { elements: [{ type: 'text', name: 'org' }] }, rules: [] },
        'screener.model',
        'errors.screening.reservedName',
      ],
      [
        'a contact that is not an e-mail address',
        { ...SCREENER, contact: 'call us' },
        'screener.contact',
        'errors.screening.contactEmail',
      ],
    ];
    for (const [what, screener, path, messageKey] of cases) {
      it(what, async () => {
        const res = await save(screener);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toContainEqual(expect.objectContaining({ path, messageKey }));
        const read = await inject('GET', `Call/GetScreenerAdmin?callId=${call.id}`, admin);
        expect(read.json().screener).toEqual({
          ...SCREENER,
          rules: [COUNTRY_RULE, { ...ANSWER_RULE, message: { it: ANSWER_RULE.message.it, en: '', fr: '' } }],
        });
      });
    }
    it('an unknown call is a 404', async () => {
      const res = await inject('PUT', 'Call/SaveScreener', admin, {
        callId: '00000000-0000-4000-8000-000000000001',
        screener: SCREENER,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('who may do what', () => {
    it('only admins save, read and preview screeners or read the screenings', async () => {
      for (const headers of [anna, pierre]) {
        expect((await save(SCREENER, headers)).statusCode).toBe(403);
        expect((await inject('GET', `Call/GetScreenerAdmin?callId=${call.id}`, headers)).statusCode).toBe(403);
        expect((await inject('GET', `Call/GetScreenings?callId=${call.id}`, headers)).statusCode).toBe(403);
      }
      expect((await save(SCREENER, {})).statusCode).toBe(401);
    });

    it('a viewer of the organization reads the result but may not screen', async () => {
      const res = await screen(viewer, { nonProfit: true });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().messageKey).toBe('errors.organizations.roleTooLow');
      expect((await inject('GET', `Call/GetScreener?callId=${call.id}`, viewer)).statusCode).toBe(200);
    });

    it('a member of another organization cannot screen for this one', async () => {
      const res = await screen(outsider, { nonProfit: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('errors.organizations.notYours');
    });

    it('anonymous callers are refused, and screening needs an organization', async () => {
      expect((await screen({}, { nonProfit: true })).statusCode).toBe(401);
      expect((await inject('GET', `Call/GetScreener?callId=${call.id}`, {})).statusCode).toBe(401);
      const noOrg = { authorization: anna.authorization ?? '' };
      const res = await screen(noOrg, { nonProfit: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().messageKey).toBe('errors.submissions.organizationRequired');
    });

    it('a call hidden from the applicant by its e-mail filter is a 404', async () => {
      const hidden = await createOpenCall(t.app, admin, { name: 'Riservato', filterEmails: 'someone@else.example' });
      expect(
        (await inject('PUT', 'Call/SaveScreener', admin, { callId: hidden.id, screener: SCREENER })).statusCode,
      ).toBe(200);
      const res = await inject('POST', 'Call/Screen', anna, { callId: hidden.id, answers: { nonProfit: true } });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('no one can hold up the others by screening', () => {
    const screenFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/Screen',
        headers: anna,
        remoteAddress,
        payload: { callId: call.id, answers: { nonProfit: true } },
      });

    it('one address may screen 30 times a minute; the next is 429 with Retry-After', async () => {
      for (let i = 0; i < 30; i++) expect((await screenFrom('10.9.9.9')).statusCode).toBe(200);
      const refused = await screenFrom('10.9.9.9');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await screenFrom('10.9.9.10')).statusCode).toBe(200);
    });

    it('a flood of screenings from many addresses is refused on its own thread, and a Submit with a survey is checked meanwhile', async () => {
      const survey = { pages: [{ name: 'p', elements: [{ type: 'text', name: 'q', isRequired: true }] }] };
      const surveyCall = await createCallWithSteps(t.app, admin, [
        { name: 'Questionario', type: 'survey', content: JSON.stringify(survey) },
      ]);
      const started = await inject('POST', 'Call/UpsertCallSubmission', pierre, { callId: surveyCall.id });
      expect(started.statusCode, started.body).toBe(200);
      const submissionId = started.json().id;
      const answered = await inject('POST', 'Call/UpsertCallStepResult', pierre, {
        callSubmissionId: submissionId,
        stepId: surveyCall.stepIds[0],
        content: JSON.stringify({ q: 'Risposta' }),
        version: 0,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      // More screenings at once than their queue holds, each from an address of its own.
      const flood = Promise.all(Array.from({ length: 300 }, (_, i) => screenFrom(`10.1.${i >> 8}.${i & 255}`)));
      const submitted = await inject('POST', 'Call/CloseCallSubmission', pierre, { submissionId });
      const statuses = (await flood).map((r) => r.statusCode);
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    });
  });

  it('the screenings are erased with the call’s drafts, after its retention period', async () => {
    const db = t.database.db;
    await db.update(calls).set({ draftRetentionMonths: 1 }).where(eq(calls.id, call.id));
    const storage = createFileStorage(db, t.config.fileStorage);
    const count = async () => (await db.select().from(callScreenings).where(eq(callScreenings.callId, call.id))).length;
    expect(await count()).toBeGreaterThan(0);
    await runRetention(db, storage, new Date());
    expect(await count()).toBeGreaterThan(0);
    await runRetention(db, storage, new Date(Date.now() + 90 * 86_400_000));
    expect(await count()).toBe(0);
    await storage.close();
  });
});
