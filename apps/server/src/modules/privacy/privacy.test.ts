import { ZErasureReport, ZTokenResponse } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, multipart, organizationForm, PDF_BYTES } from '../../../test/fixtures';
import { readZip } from '../../../test/read-zip';
import { createVerifiedAccount, signInAs, signInThroughProvider } from '../../../test/sign-in';
import {
  callSubmissions,
  configs,
  consentTextVersions,
  organizations,
  submissionRecords,
  users,
} from '../../db/schema';

type Headers = Record<string, string>;
type Call = Awaited<ReturnType<typeof createOpenCall>>;

const MARTA = { email: 'marta.bianchi@example.org', firstName: 'Marta', lastName: 'Bianchi' };
const PASSWORD = 'correct horse battery';
/** Bytes that can only come from Marta's upload. */
const MARTA_PDF = Buffer.concat([PDF_BYTES, Buffer.from('%marta-budget\n')]);

describe('data protection: export, account deletion, data subject requests', () => {
  let t: TestApp;
  let admin: Headers;
  let marta: Headers;
  let bruno: Headers;
  let martaOrg: string;
  let brunoOrg: string;
  let submitted: string;
  let draft: string;
  let brunoSubmission: string;
  let callA: Call;
  let callB: Call;

  const inject = (opts: InjectOptions | string) => t.app.inject(opts as InjectOptions);

  /** A text answer and (optionally) a file, then Submit when asked: as the wizard does. */
  async function apply(
    headers: Headers,
    org: string,
    call: Call,
    text: string,
    opts: { submit: boolean; pdf: Buffer },
  ) {
    const h = { ...headers, 'x-organization-id': org };
    const started = await inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: h,
      payload: { callId: call.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id: string = started.json().id;
    const answer = await inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: h,
      payload: { callSubmissionId: id, stepId: call.textStepId, content: JSON.stringify({ answer: text }), version: 0 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const form = multipart(
      { submissionId: id, stepId: call.uploadStepId, Nome: 'Budget', Descrizione: 'b', TipoFileId: '1' },
      { name: 'budget.pdf', bytes: opts.pdf },
    );
    const up = await inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    if (opts.submit) {
      const closed = await inject({
        method: 'POST',
        url: '/api/Call/CloseCallSubmission',
        headers: h,
        payload: { submissionId: id },
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    bruno = (await signInAs(t.database.db, { email: 'bruno@example.org', firstName: 'Bruno', lastName: 'Verdi' }))
      .headers;
    await createVerifiedAccount(t.database.db, { ...MARTA, password: PASSWORD });
    const flow = await signInThroughProvider(t.app, MARTA.email, PASSWORD);
    expect(flow.ok).toBe(true);
    marta = { authorization: `Bearer ${ZTokenResponse.parse(flow.response.json()).token}` };

    callA = await createOpenCall(t.app, admin, { name: 'Call A' });
    callB = await createOpenCall(t.app, admin, { name: 'Call B' });
    const form = {
      ...organizationForm('Cooperativa Aurora'),
      contact_name: 'Marta',
      contact_surname: 'Bianchi',
      contact_email: MARTA.email,
    };
    const created = await inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: marta,
      payload: form,
    });
    expect(created.statusCode, created.body).toBe(201);
    martaOrg = created.json().id;
    const brunoCreated = await inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: bruno,
      payload: organizationForm('Bruno Aps'),
    });
    brunoOrg = brunoCreated.json().id;

    const mention = `Contact Marta Bianchi at ${MARTA.email}`;
    submitted = await apply(marta, martaOrg, callA, mention, { submit: true, pdf: MARTA_PDF });
    draft = await apply(marta, martaOrg, callB, 'Draft by Marta Bianchi', { submit: false, pdf: MARTA_PDF });
    brunoSubmission = await apply(bruno, brunoOrg, callA, 'Bruno writes', { submit: true, pdf: PDF_BYTES });
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports organizations, answers, files and consents as a zip', async () => {
    // A password reset asked for (by anyone): its link must not be readable in the export.
    const forgot = await inject({
      method: 'POST',
      url: '/idp/forgot?lang=it',
      headers: { host: new URL(t.config.publicUrl).host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(MARTA.email)}`,
    });
    expect(forgot.statusCode).toBe(200);
    // A comment on her team's draft: hers, so in her export.
    const commented = await inject({
      method: 'POST',
      url: '/api/Call/AddStepComment',
      headers: { ...marta, 'x-organization-id': martaOrg },
      payload: { submissionId: draft, stepId: callB.textStepId, body: 'Rivedere il budget' },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    const res = await inject({ url: '/api/User/ExportMyData', headers: marta });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = readZip(res.rawPayload);
    const data = JSON.parse(String(zip.get('data.json')));
    expect(data.accounts[0]).toMatchObject({ email: MARTA.email, firstName: 'Marta', lastName: 'Bianchi' });
    expect(data.organizations.map((o: { name: string }) => o.name)).toEqual(['Cooperativa Aurora']);
    const apps = data.applications as Array<{
      id: string;
      submitted: boolean;
      answers: Array<{ content: string }>;
      files: Array<{ path: string }>;
    }>;
    expect(apps.map((a) => a.id).sort()).toEqual([submitted, draft].sort());
    const sent = apps.find((a) => a.id === submitted);
    expect(sent?.submitted).toBe(true);
    expect(sent?.answers.map((a) => a.content).join()).toContain('Contact Marta Bianchi');
    // What she wrote in the team's drafts: her comment, and each version of an answer she saved.
    expect(data.comments).toEqual([expect.objectContaining({ submissionId: draft, body: 'Rivedere il budget' })]);
    const saved = data.answerVersionsSaved as Array<{ submissionId: string; content: string }>;
    expect([...new Set(saved.map((v) => v.submissionId))].sort()).toEqual([submitted, draft].sort());
    expect(saved.find((v) => v.submissionId === draft)?.content).toContain('Draft by Marta Bianchi');
    // Every listed file is in the archive, with the bytes that were uploaded.
    const paths = apps.flatMap((a) => a.files.map((f) => f.path));
    expect(paths).toHaveLength(2);
    for (const path of paths) expect(zip.get(path)?.equals(MARTA_PDF), path).toBe(true);
    // The consent ticked on the organization form, with the text it was given under.
    const [active] = await t.database.db.select().from(configs).where(eq(configs.isActive, true));
    expect(data.consents).toHaveLength(1);
    expect(data.consents[0]).toMatchObject({ organizationId: martaOrg, version: { text: active?.dataConsentText } });
    expect(Date.parse(data.consents[0].acceptedAt)).not.toBeNaN();
    // Nobody else's data, and no secrets.
    expect(JSON.stringify(data)).not.toContain('Bruno');
    // No secret among the fields (the reset mail's text may say "password").
    expect(JSON.stringify(data)).not.toMatch(/"\w*(password|token_?hash)\w*":/i);
    // The reset mail is listed, its link without the token.
    const reset = (data.emails as Array<{ text: string }>).find((m) => m.text.includes('/idp/reset'));
    expect(reset?.text).toContain('token=[removed]');
    expect(JSON.stringify(data)).not.toMatch(/token=(?!\[removed\])[\w-]{8,}/);
  });

  it('keeps each consent text version and records a new acceptance when the text changes', async () => {
    const customizer = (await signInAs(t.database.db, { email: 'boss@impact-calls.test', roles: ['admin'] })).headers;
    const [active] = await t.database.db.select().from(configs).where(eq(configs.isActive, true));
    if (!active) throw new Error('no active config');
    const { createdAt: _c, updatedAt: _u, isActive: _a, ...fields } = active;
    const saved = await inject({
      method: 'POST',
      url: '/api/Config/UpsertConfig',
      headers: customizer,
      payload: { ...fields, dataConsentText: 'Consenso v2: trattiamo i dati per la selezione.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const texts = (await t.database.db.select({ text: consentTextVersions.text }).from(consentTextVersions)).map(
      (r) => r.text,
    );
    expect(texts).toEqual(
      expect.arrayContaining([active.dataConsentText, 'Consenso v2: trattiamo i dati per la selezione.']),
    );
    // Saving Bruno's organization again under the new text records a second acceptance.
    const again = await inject({
      method: 'PUT',
      url: '/api/Organization/UpdateOrganization',
      headers: bruno,
      payload: { ...organizationForm('Bruno Aps'), id: brunoOrg },
    });
    expect(again.statusCode, again.body).toBe(200);
    const brunoUser = await t.database.db.select().from(users).where(eq(users.email, 'bruno@example.org'));
    const rows = await t.database.db.execute(
      sql`select v.text from consent_acceptances a join consent_text_versions v on v.id = a.version_id
          where a.user_id = ${brunoUser[0]?.id} order by a.accepted_at`,
    );
    expect((rows as unknown as { rows: Array<{ text: string }> }).rows.map((r) => r.text)).toEqual([
      active.dataConsentText,
      'Consenso v2: trattiamo i dati per la selezione.',
    ]);
  });

  it('refuses deletion without confirm: true, and changes nothing', async () => {
    for (const payload of [{}, { confirm: false }, { confirm: 'true' }]) {
      const res = await inject({ method: 'POST', url: '/api/User/DeleteMyAccount', headers: marta, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'confirm', messageKey: 'errors.privacy.confirmRequired' });
    }
    expect((await inject({ url: '/api/User', headers: marta })).statusCode).toBe(200);
  });

  it('deletes the account: no sign-in, drafts gone, submissions pseudonymised, other members untouched', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/User/DeleteMyAccount',
      headers: marta,
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = ZErasureReport.parse(res.json());
    expect(report).toMatchObject({
      draftsDeleted: 1,
      submissionsKept: 1,
      organizationsKept: 1,
      identityAccountsDeleted: 1,
    });
    const pseudonym = report.pseudonym ?? '';
    expect(pseudonym).toMatch(/^Deleted user [0-9a-f]{8}$/);

    // The session is over and the sign-in account gone.
    expect((await inject({ url: '/api/User', headers: marta })).statusCode).toBe(401);
    expect((await signInThroughProvider(t.app, MARTA.email, PASSWORD)).ok).toBe(false);

    const db = t.database.db;
    expect(await db.select().from(callSubmissions).where(eq(callSubmissions.id, draft))).toEqual([]);
    expect(await db.select().from(callSubmissions).where(eq(callSubmissions.id, submitted))).toHaveLength(1);

    // Nowhere the admin looks carries her name or e-mail any more.
    const gone = /marta|bianchi/i;
    const list = await inject({ url: `/api/Call/GetSubmissions?callId=${callA.id}`, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as Array<{ id: string; userName: string; userEmail: string }>).find(
      (r) => r.id === submitted,
    );
    expect(row?.userName).toBe(pseudonym);
    expect(list.body).not.toMatch(gone);
    const csv = await inject({ url: `/api/Report/ExportSubmissions?callId=${callA.id}&format=csv`, headers: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).not.toMatch(gone);
    expect(csv.body).toContain(`Contact ${pseudonym} at ${pseudonym}`);
    const detail = await inject({ url: `/api/Call/GetSubmissionByIDAdmin?submissionId=${submitted}`, headers: admin });
    expect(detail.body).not.toMatch(gone);
    const records = await db.select().from(submissionRecords).where(eq(submissionRecords.callSubmissionId, submitted));
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toMatch(gone);
    expect(records[0]?.data.submittedBy).toBe(pseudonym);
    const [org] = await db.select().from(organizations).where(eq(organizations.id, martaOrg));
    expect(org).toMatchObject({ name: 'Cooperativa Aurora', contactName: pseudonym, contactSurname: '' });
    const audit = await inject({ url: '/api/Audit/GetAuditLog', headers: admin });
    expect(audit.body).not.toMatch(gone);
    // No mail goes to the pseudonym: it has no @.
    const [row2] = await db.select().from(users).where(eq(users.firstName, 'Deleted user'));
    expect(row2?.email).not.toContain('@');

    // Bruno, applying to the same call, is untouched.
    const his = await inject({
      url: `/api/Call/GetSubmissionByID?submissionId=${brunoSubmission}`,
      headers: { ...bruno, 'x-organization-id': brunoOrg },
    });
    expect(his.statusCode).toBe(200);
    const brunoList = (list.json() as Array<{ id: string; userEmail: string }>).find((r) => r.id === brunoSubmission);
    expect(brunoList?.userEmail).toBe('bruno@example.org');
  });

  it('lets an admin export and erase the data of a given e-mail', async () => {
    const carla = await signInAs(t.database.db, { email: 'carla@example.org', firstName: 'Carla', lastName: 'Neri' });
    const carlaOrg = (
      await inject({
        method: 'POST',
        url: '/api/Organization/CreateOrganization',
        headers: carla.headers,
        payload: organizationForm('Carla Odv'),
      })
    ).json().id as string;
    await apply(carla.headers, carlaOrg, callA, 'Only a draft', { submit: false, pdf: PDF_BYTES });

    const exported = await inject({ url: '/api/User/ExportUserData?email=CARLA@example.org', headers: admin });
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const data = JSON.parse(String(readZip(exported.rawPayload).get('data.json')));
    expect(data.organizations[0].name).toBe('Carla Odv');

    const bad = await inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].messageKey).toBe('errors.privacy.invalidEmail');
    const unknown = await inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'nobody@example.org' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messageKey).toBe('errors.privacy.subjectNotFound');
    const self = await inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'admin@impact-calls.test' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().messageKey).toBe('errors.privacy.eraseSelf');
    const asApplicant = await inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: bruno,
      payload: { email: 'carla@example.org' },
    });
    expect(asApplicant.statusCode).toBe(403);
    expect((await inject({ url: '/api/User', headers: carla.headers })).statusCode).toBe(200);

    const erased = await inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'carla@example.org' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ users: 1, draftsDeleted: 1, submissionsKept: 0, organizationsDeleted: 1 });
    // Nothing was kept for her, so nothing of her is left: not even a pseudonymised row.
    expect(await t.database.db.select().from(users).where(eq(users.id, carla.user.id))).toEqual([]);
    expect(await t.database.db.select().from(organizations).where(eq(organizations.id, carlaOrg))).toEqual([]);
    expect((await inject({ url: '/api/User', headers: carla.headers })).statusCode).toBe(401);
    // The trail records the erasure without the e-mail.
    const trail = await inject({ url: '/api/Audit/GetAuditLog?action=user.erase', headers: admin });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.body).toContain('user.erase');
    const all = await inject({ url: '/api/Audit/GetAuditLog', headers: admin });
    expect(all.body).not.toContain('carla@example.org');
  });
});
