import { ZProblem } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, organizationForm, PDF_BYTES } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';

/**
 * Text the database or a parser cannot take is refused at the edge (one hook and
 * the error handler), as a 400 problem with a message key, whatever the route, and nothing is stored.
 */
describe('bad text at the edge', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signInAs>>;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let orgId: string;
  let submissionId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    user = await signInAs(t.database.db, { email: 'user@example.org' });
    call = await createOpenCall(t.app, admin.headers);
    orgId = await createOrganization(t.app, user.headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...user.headers, 'x-organization-id': orgId },
      payload: { callId: call.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    submissionId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const expectBadText = (res: { statusCode: number; body: string; headers: Record<string, unknown> }, key: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(String(res.headers['content-type'])).toContain('application/problem+json');
    expect(ZProblem.parse(JSON.parse(res.body)).messageKey).toBe(key);
  };

  const orgCount = async () =>
    (await t.app.inject({ url: '/api/Organization/GetOrganizations', headers: user.headers })).json().length;

  it('a NUL byte in a JSON string field is a 400 naming the field, and nothing is stored', async () => {
    const before = await orgCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: user.headers,
      payload: { ...organizationForm(), name: 'Aurora\u0000' },
    });
    expectBadText(res, 'errors.badText');
    expect(res.json().errors).toEqual([{ path: 'name', messageKey: 'errors.field.badText' }]);
    expect(await orgCount()).toBe(before);
  });

  it('a NUL byte deep in a step answer is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: { ...user.headers, 'x-organization-id': orgId },
      payload: { callSubmissionId: submissionId, stepId: call.textStepId, content: '{"text":"a\u0000b"}', version: 0 },
    });
    expectBadText(res, 'errors.badText');
  });

  it('a lone surrogate in JSON is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Organization/CreateOrganization',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...organizationForm(), name: 'X' }).replace('"X"', '"\\ud800"'),
    });
    expectBadText(res, 'errors.badText');
  });

  it('a NUL byte or a lone surrogate in a query string is a 400', async () => {
    for (const q of ['%00', '%ED%A0%80', '%E0%A4%A', 'a\u0000'.replace('\u0000', '%00')]) {
      const res = await t.app.inject({ url: `/api/Call/GetSubmissions?search=${q}`, headers: admin.headers });
      expectBadText(res, 'errors.badText');
    }
  });

  it('an impossible date (year 0000) is a 400 on a body and on a query', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CreateCall',
      headers: admin.headers,
      payload: {
        name: 'Zero',
        description: '<p>x</p>',
        openingAt: '0000-01-01T00:00:00Z',
        closingAt: '2099-01-01T00:00:00Z',
        callTypeId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expectBadText(body, 'errors.badDate');
    const query = await t.app.inject({
      url: '/api/Call/GetSubmissions?from=0000-01-01T00:00:00Z',
      headers: admin.headers,
    });
    expectBadText(query, 'errors.badDate');
  });

  it('more than the allowed multipart fields is a 400, not a 500', async () => {
    const fields: Record<string, string> = { submissionId, stepId: call.uploadStepId, Nome: 'Budget' };
    for (let i = 0; i < 12; i++) fields[`extra${i}`] = 'x';
    const form = multipart(fields, { name: 'budget.pdf', bytes: PDF_BYTES });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    // Streaming the file to storage, the parser's limit surfaces as a cut-off body.
    expectBadText(res, 'errors.multipart.malformed');
  });

  it('multipart without a boundary is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...user.headers, 'content-type': 'multipart/form-data' },
      payload: 'hello',
    });
    expectBadText(res, 'errors.multipart.malformed');
  });

  it('a NUL byte in the provider query string is a 400 problem', async () => {
    const res = await t.app.inject({ url: '/idp/auth?client_id=%00' });
    expectBadText(res, 'errors.badText');
  });
});
