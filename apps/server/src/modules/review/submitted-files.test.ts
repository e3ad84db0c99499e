import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, files, reviewAssignments } from '../../db/schema';

type Headers = Record<string, string>;
const DAY = 86_400_000;
const SENT = Buffer.concat([PDF_BYTES, Buffer.from('% the budget as sent\n')]);
const DRAFT = Buffer.concat([PDF_BYTES, Buffer.from('% a budget not yet sent\n')]);

/**
 * What was submitted stays what the reviewers and the funder read: a request for changes lets the
 * team upload a new file into a sent slot, which is a draft until the next Submit, and must neither
 * reach the reviewers nor destroy the file the record lists.
 */
describe('the files of a submitted application', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let reviewer: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let assignmentId: string;
  let sentFileId: string;

  const get = (headers: Headers, url: string) => t.app.inject({ url: `/api/${url}`, headers });
  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload });
  const upload = async (name: string, bytes: Buffer) => {
    const form = multipart({ submissionId, stepId: call.uploadStepId, Nome: 'Budget' }, { name, bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...anna, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().fileDownloadId as string;
  };
  const workspaceFiles = async () => {
    const ws = await get(reviewer, `Review/GetReviewWorkspace?assignmentId=${assignmentId}`);
    expect(ws.statusCode, ws.body).toBe(200);
    return ws.json().files as Array<{ fileDownloadId: string; fileName: string }>;
  };
  const reviewFile = (id: string) =>
    get(reviewer, `Review/GetReviewFile?assignmentId=${assignmentId}&downloadId=${id}`);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'officer@funder.example', roles: ['admin'] })).headers;
    const a = await signInAs(db, { email: 'anna@aurora.example' });
    const org = await createOrganization(t.app, a.headers, 'Aurora');
    anna = { ...a.headers, 'x-organization-id': org };
    const r = await signInAs(db, { email: 'rita@panel.example', roles: ['Reviewer'] });
    reviewer = r.headers;
    call = await createOpenCall(t.app, admin);
    submissionId = (await post(anna, 'Call/UpsertCallSubmission', { callId: call.id })).json().id;
    const text = await post(anna, 'Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'A community kitchen.' }),
      version: 0,
    });
    expect(text.statusCode, text.body).toBe(200);
    sentFileId = await upload('budget-as-sent.pdf', SENT);
    const closed = await post(anna, 'Call/CloseCallSubmission', { submissionId, language: 'en' });
    expect(closed.statusCode, closed.body).toBe(200);
    await db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000) })
      .where(eq(calls.id, call.id));
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
    const assigned = await post(admin, 'Review/Assign', { callId: call.id, submissionId, reviewerUserId: r.user.id });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const [row] = await db.select().from(reviewAssignments).where(eq(reviewAssignments.submissionId, submissionId));
    assignmentId = row?.id ?? '';
    const declared = await post(reviewer, 'Review/DeclareConflict', { assignmentId, conflict: false, reason: '' });
    expect(declared.statusCode, declared.body).toBe(204);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a file replaced or removed during a request for changes stays with the record, and reviewers read only what was sent', async () => {
    expect((await workspaceFiles()).map((f) => f.fileDownloadId)).toEqual([sentFileId]);
    const requested = await post(admin, 'CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [call.uploadStepId],
      message: 'Please give the budget in euros.',
      dueAt: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    expect(requested.statusCode, requested.body).toBe(200);

    // The team replaces the budget: a draft until it submits again.
    const draftId = await upload('budget-draft.pdf', DRAFT);
    expect((await workspaceFiles()).map((f) => f.fileDownloadId)).toEqual([sentFileId]);
    expect((await reviewFile(draftId)).statusCode).toBe(404);
    const sent = await reviewFile(sentFileId);
    expect(sent.statusCode).toBe(200);
    expect(sent.rawPayload.equals(SENT)).toBe(true);
    // The funder still downloads the file as sent, and the team its draft.
    const byAdmin = await get(admin, `FileUpload/GetFile?downloadId=${sentFileId}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(SENT)).toBe(true);
    expect((await get(anna, `FileUpload/GetFile?downloadId=${draftId}`)).rawPayload.equals(DRAFT)).toBe(true);
    // The funder's list of the application's files says which one was sent and since replaced.
    const listed = (await get(admin, `FileUpload/GetAttachments?submissionId=${submissionId}`)).json() as Array<{
      fileDownloadId: string;
      replaced?: boolean;
    }>;
    expect(listed.map((f) => [f.fileDownloadId, f.replaced ?? false])).toEqual([
      [sentFileId, true],
      [draftId, false],
    ]);
    // The application's export names the file its answer lists now, not the one kept for the record.
    const exported = (await get(admin, `Report/ExportSubmissions?callId=${call.id}&format=csv`)).body;
    expect(exported).toContain('budget-draft.pdf');
    expect(exported).not.toContain('budget-as-sent.pdf');

    // Replaced again, the draft (never sent) goes; removing the slot's file keeps the sent one too.
    const secondDraftId = await upload('budget-draft-2.pdf', DRAFT);
    const left = async () =>
      (await t.database.db.select({ id: files.id }).from(files).where(eq(files.callSubmissionId, submissionId)))
        .map((f) => f.id)
        .sort();
    expect(await left()).toEqual([sentFileId, secondDraftId].sort());
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/FileUpload/RemoveFile?downloadId=${secondDraftId}`,
      headers: anna,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await left()).toEqual([sentFileId]);

    // Sent again with a new file: the reviewers read that one.
    const finalId = await upload('budget-in-euros.pdf', DRAFT);
    const again = await post(anna, 'Call/CloseCallSubmission', { submissionId, language: 'en' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await workspaceFiles()).map((f) => f.fileDownloadId)).toEqual([finalId]);
    expect((await reviewFile(finalId)).rawPayload.equals(DRAFT)).toBe(true);
    // The first record's file is still there for the first record.
    expect(await left()).toEqual([sentFileId, finalId].sort());
  });
});
