import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, emailOutbox, users } from '../../db/schema';
import { issueRefreshToken } from '../auth/refresh-tokens';

type Headers = Record<string, string>;

const RUBRIC = (callId: string) => ({
  callId,
  blind: false,
  opensAt: null,
  reviewersPerSubmission: 1,
  criteria: [{ id: 'impact', name: 'Impact', description: '', weight: 1, min: 0, max: 5, commentRequired: false }],
});

/**
 * Every mail is written in its recipient's language: the interface language they last used, saved
 * on their user when the session is renewed, never the sender's. The call's own name follows it.
 */
describe('mails in the language of whoever reads them', () => {
  let t: TestApp;
  let admin: Headers;
  let adminId: string;
  let anna: Headers;
  let annaId: string;
  let call: { id: string; textStepId: string; uploadStepId: string };
  let submissionId: string;

  const saveLanguage = (userId: string, language: 'it' | 'en' | 'fr' | null) =>
    t.database.db.update(users).set({ language }).where(eq(users.id, userId));
  const mailTo = async (template: string, to: string) => {
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, template), eq(emailOutbox.to, to)));
    return mail;
  };
  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await signInAs(t.database.db, { email: 'admin@impact.example', roles: ['admin'] });
    admin = a.headers;
    adminId = a.user.id;
    const signedIn = await signInAs(t.database.db, { email: 'anna@ente.example' });
    anna = signedIn.headers;
    annaId = signedIn.user.id;
    call = await createOpenCall(t.app, admin, { name: 'Bando Verde' });
    await t.database.db
      .update(calls)
      .set({ translations: { en: { name: 'Green Call' }, fr: { name: 'Appel vert' } } })
      .where(eq(calls.id, call.id));
  });
  afterAll(() => t.close());

  it('keeps the interface language when the session is renewed; a renewal naming none changes nothing', async () => {
    const { user } = await signInAs(t.database.db, { email: 'paolo@ente.example' });
    let token = (await issueRefreshToken(t.database.db, user.id, null)).token;
    const renew = async (headers: Headers) => {
      const res = await post({ cookie: `ic_refresh=${token}`, ...headers }, '/api/Jwt/refresh', {});
      expect(res.statusCode, res.body).toBe(200);
      const rotated = res.cookies.find((c) => c.name === 'ic_refresh');
      if (rotated) token = rotated.value;
    };
    const saved = async () =>
      (await t.database.db.select({ language: users.language }).from(users).where(eq(users.id, user.id)))[0]?.language;
    expect(await saved()).toBeNull();
    await renew({ 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(await saved()).toBe('fr');
    await renew({});
    expect(await saved()).toBe('fr');
    await renew({ 'accept-language': 'en' });
    expect(await saved()).toBe('en');
  });

  it("the receipt goes to the organization's contact in their language, to the submitter in theirs", async () => {
    // The organization's contact (giulia@aurora.example) uses the app in French.
    const giulia = await signInAs(t.database.db, { email: 'giulia@aurora.example' });
    await saveLanguage(giulia.user.id, 'fr');
    const org = await createOrganization(t.app, anna);
    submissionId = await submitToCall(t.app, anna, org, call);
    expect((await mailTo('submission-receipt', 'anna@ente.example'))?.subject).toBe(
      'Ricevuta della candidatura: Bando Verde',
    );
    const contact = await mailTo('submission-receipt', 'giulia@aurora.example');
    expect(contact?.subject).toBe('Accusé de réception de la candidature\u00a0: Appel vert');
    expect(contact?.html).toContain('lang="fr"');
  });

  it('the decision mail is in the language the applicant saved, over the one they submitted in', async () => {
    await t.database.db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(calls.id, call.id));
    await saveLanguage(annaId, 'en');
    const res = await post(admin, '/api/Review/RecordDecisions', {
      callId: call.id,
      items: [{ submissionId, outcome: 'accepted', message: '' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailTo('review-decision', 'anna@ente.example'))?.subject).toBe(
      'Outcome of your submission: Green Call',
    );
  });

  it("a reviewer's invitation is in the reviewer's language, not the inviting admin's", async () => {
    const rita = await signInAs(t.database.db, { email: 'rita@panel.example', roles: ['Reviewer'] });
    await saveLanguage(rita.user.id, 'fr');
    const res = await post({ ...admin, 'accept-language': 'it' }, '/api/Review/InviteReviewer', {
      callId: call.id,
      email: 'rita@panel.example',
      language: 'it',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await mailTo('review-invitation', 'rita@panel.example'))?.subject).toBe(
      'Invitation à évaluer\u00a0: Appel vert',
    );

    // A declared conflict tells the admin who assigned, in the admin's language (it was always Italian).
    await saveLanguage(adminId, 'en');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/Review/SaveRubric', headers: admin, payload: RUBRIC(call.id) }))
        .statusCode,
    ).toBe(200);
    const assigned = await post(admin, '/api/Review/Assign', {
      callId: call.id,
      submissionId,
      reviewerUserId: rita.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const rows = assigned.json() as Array<{ submissionId: string; assignments: Array<{ id: string }> }>;
    const assignmentId = rows.find((r) => r.submissionId === submissionId)?.assignments[0]?.id;
    const declared = await post(rita.headers, '/api/Review/DeclareConflict', {
      assignmentId,
      conflict: true,
      reason: 'I know them',
    });
    expect(declared.statusCode, declared.body).toBe(204);
    expect((await mailTo('review-conflict', 'admin@impact.example'))?.subject).toBe(
      'Conflict of interest declared: Green Call',
    );
  });

  it('an export asked without a language is in the reader’s saved one, else the request’s', async () => {
    const header = async (headers: Headers) => {
      const res = await t.app.inject({
        url: `/api/Report/ExportSubmissions?callId=${call.id}&format=csv`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.rawPayload.subarray(3).toString('utf8').split(/\r?\n/)[0]?.split(',')[0];
    };
    await saveLanguage(adminId, 'en');
    expect(await header({ ...admin, 'accept-language': 'fr' })).toBe('submission');
    await saveLanguage(adminId, null);
    expect(await header({ ...admin, 'accept-language': 'fr' })).toBe('candidature');
    expect(await header(admin)).toBe('candidatura');
  });
});
