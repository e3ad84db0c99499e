import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createOpenCall,
  createOrganization,
  EXE_BYTES,
  multipart,
  PNG_BYTES,
  submitToCall,
} from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

type Who = { headers: Record<string, string> };

describe("admin files and a call's custom file (SPEC 2 file-upload, call card; 5; 7 AddCustomFile)", () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  let eve: Who;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let otherCall: Awaited<ReturnType<typeof createOpenCall>>;

  const upload = (who: Who, file: { name: string; bytes: Buffer }) => {
    const body = multipart({}, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadAdminFile',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const setCustom = (who: Who, callId: string, fileId: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/CallSubmission/AddCustomFile',
      headers: who.headers,
      payload: { callId, fileId },
    });
  const getCustom = (who: Who, callId: string) =>
    t.app.inject({ url: `/api/CallSubmission/GetCustomFile?callId=${callId}`, headers: who.headers });

  beforeAll(async () => {
    // A 64 KB limit keeps the "too large" test small; the default is 5 MB.
    t = await buildTestApp({ ADMIN_FILE_MAX_BYTES: String(64 * 1024) });
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    eve = await signInAs(t.database.db, { email: 'eve@example.org' });
    call = await createOpenCall(t.app, admin.headers, { name: 'With custom file' });
    otherCall = await createOpenCall(t.app, admin.headers, { name: 'Another call' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads a PNG (typed by its bytes), lists it, downloads it as an attachment with nosniff', async () => {
    const res = await upload(admin, { name: 'guide.png', bytes: PNG_BYTES });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'guide.png', mimeType: 'image/png', size: PNG_BYTES.length });
    const list = (await t.app.inject({ url: '/api/FileUpload/GetAdminFiles', headers: admin.headers })).json();
    expect(list.map((f: { id: string }) => f.id)).toContain(res.json().id);
    const dl = await t.app.inject({
      url: `/api/FileUpload/GetAdminFile?fileId=${res.json().id}`,
      headers: admin.headers,
    });
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('a renamed .exe is refused (415), and so is a PDF (not one of png, jpeg, docx, mp4, xlsx)', async () => {
    const exe = await upload(admin, { name: 'report.png', bytes: EXE_BYTES });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().messageKey).toBe('errors.adminFiles.wrongType');
    const pdf = await upload(admin, { name: 'x.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(pdf.statusCode).toBe(415);
  });

  it('a file over the limit is refused with 413 and the limit is reported', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(70 * 1024)]);
    const res = await upload(admin, { name: 'big.png', bytes: big });
    expect(res.statusCode).toBe(413);
    const limits = (await t.app.inject({ url: '/api/FileUpload/GetAdminFileLimits', headers: admin.headers })).json();
    expect(limits.maxBytes).toBe(64 * 1024);
  });

  it('applicants can neither upload, list nor download admin files', async () => {
    expect((await upload(anna, { name: 'a.png', bytes: PNG_BYTES })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/FileUpload/GetAdminFiles', headers: anna.headers })).statusCode).toBe(403);
  });

  it('the custom file reaches only applicants with a closed submission for that call, and admins', async () => {
    const file = (await upload(admin, { name: 'istruzioni.png', bytes: PNG_BYTES })).json();
    expect((await setCustom(admin, call.id, file.id)).statusCode).toBe(204);
    const adminView = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin.headers })
    ).json();
    expect(adminView.customFile).toEqual({ id: file.id, name: 'istruzioni.png' });

    const annaOrg = await createOrganization(t.app, anna.headers, 'Aurora');
    const eveOrg = await createOrganization(t.app, eve.headers, 'Eve Ltd');
    // Before submitting: nothing.
    expect((await getCustom(anna, call.id)).statusCode).toBe(404);
    await submitToCall(t.app, anna.headers, annaOrg, call);
    const got = await getCustom(anna, call.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await getCustom(admin, call.id)).statusCode).toBe(200);

    // Eve submitted to another call: the custom file of this one is 404 for her.
    await submitToCall(t.app, eve.headers, eveOrg, otherCall);
    expect((await getCustom(eve, call.id)).statusCode).toBe(404);
    // Nor can she fetch it as an admin file.
    expect(
      (await t.app.inject({ url: `/api/FileUpload/GetAdminFile?fileId=${file.id}`, headers: eve.headers })).statusCode,
    ).toBe(403);

    // A file a call offers cannot be deleted; once the call offers none, it can.
    const del = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/FileUpload/DeleteAdminFile?fileId=${file.id}`,
        headers: admin.headers,
      });
    expect((await del()).statusCode).toBe(409);
    expect((await setCustom(admin, call.id, null)).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(204);
    expect((await getCustom(anna, call.id)).statusCode).toBe(404);
  });

  it('only admins set a custom file; an unknown file is a field error', async () => {
    expect((await setCustom(anna, call.id, null)).statusCode).toBe(403);
    const unknown = await setCustom(admin, call.id, '11111111-1111-4111-8111-111111111111');
    expect(unknown.statusCode).toBe(400);
  });
});
