import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { files, organizationMembers, stepResults } from '../../db/schema';

type Headers = Record<string, string>;

/** An uploaded file's description is written like any answer: without choosing the file again. */
describe('FileUpload/UpdateDescription', () => {
  let t: TestApp;
  let anna: Headers;
  let vera: Headers;
  let otto: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let fileId: string;

  const describeFile = (headers: Headers, description: string, downloadId = fileId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UpdateDescription',
      headers,
      payload: { downloadId, description },
    });
  const stored = async () => {
    const [row] = await t.database.db
      .select()
      .from(stepResults)
      .where(and(eq(stepResults.callSubmissionId, submissionId), eq(stepResults.stepId, call.uploadStepId)));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, fileId));
    return { version: row?.version, answer: JSON.parse(row?.content ?? '{}'), file };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = (await signInAs(db, { email: 'officer@funder.example', roles: ['admin'] })).headers;
    const a = await signInAs(db, { email: 'anna@aurora.example' });
    const v = await signInAs(db, { email: 'vera@aurora.example' });
    otto = (await signInAs(db, { email: 'otto@elsewhere.example' })).headers;
    const org = await createOrganization(t.app, a.headers, 'Aurora');
    await db.insert(organizationMembers).values({ organizationId: org, userId: v.user.id, role: 'viewer' });
    anna = { ...a.headers, 'x-organization-id': org };
    vera = { ...v.headers, 'x-organization-id': org };
    call = await createOpenCall(t.app, admin);
    submissionId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: anna,
        payload: { callId: call.id },
      })
    ).json().id;
    const form = multipart(
      { submissionId, stepId: call.uploadStepId, Nome: 'Budget', Descrizione: 'First draft' },
      { name: 'budget.pdf', bytes: PDF_BYTES },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...anna, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    fileId = up.json().fileDownloadId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes the new description in the answer, as a new version, and on the file', async () => {
    const before = await stored();
    const res = await describeFile(anna, 'Budget for 2027, in euros');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ fileDownloadId: fileId, description: 'Budget for 2027, in euros' });
    const after = await stored();
    expect(after.version).toBe((before.version ?? 0) + 1);
    expect(after.answer.files).toEqual([
      expect.objectContaining({ slot: 'Budget', fileDownloadId: fileId, description: 'Budget for 2027, in euros' }),
    ]);
    expect(after.file?.description).toBe('Budget for 2027, in euros');
  });

  it('refuses a viewer (403) and anyone outside the organization (404), changing nothing', async () => {
    const before = await stored();
    expect((await describeFile(vera, 'Mine')).statusCode).toBe(403);
    expect((await describeFile(otto, 'Mine')).statusCode).toBe(404);
    expect((await describeFile(anna, 'Mine', '00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses once the application is sent (409), changing nothing', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: anna,
      payload: {
        callSubmissionId: submissionId,
        stepId: call.textStepId,
        content: JSON.stringify({ answer: 'A community kitchen.' }),
        version: 0,
      },
    });
    expect(text.statusCode, text.body).toBe(200);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: anna,
      payload: { submissionId, language: 'en' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = await stored();
    expect((await describeFile(anna, 'Too late')).statusCode).toBe(409);
    expect(await stored()).toEqual(before);
  });
});
