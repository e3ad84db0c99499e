import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, PNG_BYTES, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

type Headers = Record<string, string>;

/** 119 letters and an emoji: cut at 120 UTF-16 units, the emoji became a lone surrogate and a 500. */
const CALL_NAME = `${'Bando per la comunità di Aosta '.repeat(4).slice(0, 119)}🌱`;
const LOGO_NAME = `«Logo» l'été 🌱 ${'ò'.repeat(300)}.png`;

/** The two names of a Content-Disposition: the ASCII fallback and the decoded UTF-8 one. */
function downloadNames(header: unknown) {
  const value = String(header);
  const ascii = /filename="([^"]*)"/.exec(value)?.[1];
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(value)?.[1];
  return { value, ascii, utf8: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

/** What every download header must be: one line, printable ASCII, both names present. */
function expectWellFormed(header: unknown) {
  const names = downloadNames(header);
  expect(names.value).toMatch(/^attachment; [\x20-\x7e]+$/);
  expect(names.ascii).toMatch(/^[\x20-\x7e]+$/);
  expect(names.utf8).toBeTruthy();
  return names;
}

describe('download names (Content-Disposition) for any call or file name', () => {
  let t: TestApp;
  let admin: Headers;
  let applicant: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    applicant = (await signInAs(t.database.db, { email: 'anna@example.org' })).headers;
    call = await createOpenCall(t.app, admin, { name: CALL_NAME });
    orgId = await createOrganization(t.app, applicant);
    submissionId = await uploadLogo();
    expect(await submitToCall(t.app, applicant, orgId, call)).toBe(submissionId);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The optional logo, uploaded while the submission is a draft. */
  async function uploadLogo() {
    const h = { ...applicant, 'x-organization-id': orgId };
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: h,
      payload: { callId: call.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const id: string = started.json().id;
    const form = multipart(
      { submissionId: id, stepId: call.uploadStepId, Nome: 'Logo' },
      { name: LOGO_NAME, bytes: PNG_BYTES, type: 'image/png' },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    return id;
  }

  it('the call keeps its name, 119 letters and an emoji', () => {
    expect(Array.from(CALL_NAME)).toHaveLength(120);
    expect(CALL_NAME.length).toBe(121);
  });

  it('exports the submissions as CSV and XLSX under the call’s name', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({
        url: `/api/Report/ExportSubmissions?callId=${call.id}&format=${format}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      const names = expectWellFormed(res.headers['content-disposition']);
      expect(names.utf8).toBe(`${CALL_NAME} - submissions.${format}`);
      expect(names.ascii).toMatch(new RegExp(`^Bando per la comunita di Aosta .* - submissions\\.${format}$`));
    }
  });

  it('exports the ranking as CSV and XLSX under the call’s name', async () => {
    const rubric = await t.app.inject({
      method: 'PUT',
      url: '/api/Review/SaveRubric',
      headers: admin,
      payload: {
        callId: call.id,
        blind: false,
        opensAt: null,
        reviewersPerSubmission: 1,
        criteria: [
          { id: 'impact', name: 'Impact', description: '', weight: 1, min: 0, max: 5, commentRequired: false },
        ],
      },
    });
    expect(rubric.statusCode, rubric.body).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({
        url: `/api/Review/ExportRanking?callId=${call.id}&format=${format}`,
        headers: admin,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(expectWellFormed(res.headers['content-disposition']).utf8).toBe(`${CALL_NAME} - ranking.${format}`);
    }
  });

  it('serves an uploaded file with a long, quoted, emoji name to its owner and the admin', async () => {
    const h = { ...applicant, 'x-organization-id': orgId };
    const files = (
      await t.app.inject({ url: `/api/FileUpload/GetAttachments?submissionId=${submissionId}`, headers: h })
    ).json() as Array<{ fileName: string; fileDownloadId: string }>;
    const logo = files.find((f) => f.fileName.startsWith('«Logo»'));
    expect(logo, JSON.stringify(files.map((f) => f.fileName))).toBeTruthy();
    for (const who of [h, admin]) {
      const res = await t.app.inject({
        url: `/api/FileUpload/GetFile?downloadId=${logo?.fileDownloadId}`,
        headers: who,
      });
      expect(res.statusCode, res.body).toBe(200);
      const names = expectWellFormed(res.headers['content-disposition']);
      expect(names.utf8).toMatch(/^«Logo» l'été 🌱 ò+\.png$/);
      expect(names.ascii).toMatch(/^Logo l'ete o+\.png$/);
      expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
  });
});
