import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, multipart, PDF_BYTES } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, organizationMembers, submissionRecords } from '../../db/schema';

type Headers = Record<string, string>;

/** Unique words only a comment holds: found anywhere else, a comment has leaked. */
const SECRET = 'zebra-quartz-comment-7431';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

/**
 * Comments are the team's: once the application is sent, no admin view, review workspace, PDF or
 * frozen record carries their words, and a sent application takes no new comment.
 */
describe('comments never reach an admin or a reviewer', () => {
  let t: TestApp;
  let admin: Headers;
  let team: Headers;
  let viewer: Headers;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let threadId: string;

  const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    const anna = await signInAs(db, { email: 'anna@team.example' });
    const orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Aurora');
    const v = await signInAs(db, { email: 'vera@team.example' });
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: v.user.id, role: 'viewer' });
    viewer = v.headers;
    team = { ...anna.headers, 'x-organization-id': orgId };
    call = await createOpenCall(t.app, admin, { name: 'Bando Uno' });
    submissionId = (await post(team, '/api/Call/UpsertCallSubmission', { callId: call.id })).json().id;
    const text = await post(team, '/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'A community kitchen.' }),
      version: 0,
    });
    expect(text.statusCode, text.body).toBe(200);
    for (const stepId of [call.textStepId, call.uploadStepId]) {
      const res = await post(team, '/api/Call/AddStepComment', { submissionId, stepId, body: `${SECRET} on a step` });
      expect(res.statusCode, res.body).toBe(200);
      threadId = res.json().id;
    }
    const form = multipart(
      { submissionId, stepId: call.uploadStepId, Nome: 'Budget' },
      { name: 'b.pdf', bytes: PDF_BYTES },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...team, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const closed = await post(team, '/api/Call/CloseCallSubmission', { submissionId });
    expect(closed.statusCode, closed.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a sent application keeps its comments for the team and takes no new one nor a change (409)', async () => {
    const read = await get(
      viewer,
      `/api/Call/GetStepComments?submissionId=${submissionId}&stepId=${call.uploadStepId}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(SECRET);
    const added = await post(team, '/api/Call/AddStepComment', { submissionId, stepId: call.textStepId, body: 'Late' });
    expect(added.statusCode).toBe(409);
    expect(added.json().messageKey).toBe('errors.comments.submissionClosed');
    const resolved = await post(team, '/api/Call/ResolveStepComment', { commentId: threadId, resolved: true });
    expect(resolved.statusCode).toBe(409);
  });

  it('the admin’s submission views, answers, PDF and records carry no comment', async () => {
    const views = [
      `/api/Call/GetSubmissionByIDAdmin?submissionId=${submissionId}`,
      `/api/Call/GetSubmissions?callId=${call.id}`,
      `/api/Call/GetAllAnswerForPdf?callId=${call.id}&submissionId=${submissionId}`,
      `/api/Call/GetSubmissionRecords?submissionId=${submissionId}`,
      `/api/Call/GetStepResultByCall?callId=${call.id}&StepId=${call.textStepId}`,
    ];
    for (const url of views) {
      const res = await get(admin, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain(SECRET);
    }
    // Not vacuous: the answer is there.
    expect((await get(admin, views[0] ?? '')).body).toContain('A community kitchen.');
    const pdf = await get(admin, `/api/Call/GetSubmissionPdf?submissionId=${submissionId}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('A community kitchen.');
    expect(text).not.toContain(SECRET);
    const records = await t.database.db
      .select({ data: submissionRecords.data })
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain(SECRET);
  });

  it('a reviewer’s workspace and PDF carry no comment, and the comments answer a reviewer 404', async () => {
    const rita = await signInAs(t.database.db, { email: 'rita@panel.example', roles: ['Reviewer'] });
    await t.database.db
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
    const assigned = await post(admin, '/api/Review/Assign', {
      callId: call.id,
      submissionId,
      reviewerUserId: rita.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [mine] = (await get(rita.headers, '/api/Review/GetMyAssignments')).json();
    const assignmentId = mine.assignmentId;
    await post(rita.headers, '/api/Review/DeclareConflict', { assignmentId, conflict: false, reason: '' });
    const ws = await get(rita.headers, `/api/Review/GetReviewWorkspace?assignmentId=${assignmentId}`);
    expect(ws.statusCode, ws.body).toBe(200);
    expect(ws.body).toContain('A community kitchen.');
    expect(ws.body).not.toContain(SECRET);
    const pdf = await get(rita.headers, `/api/Review/GetReviewPdf?assignmentId=${assignmentId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).not.toContain(SECRET);
    const comments = await get(rita.headers, `/api/Call/GetStepComments?submissionId=${submissionId}`);
    expect(comments.statusCode).toBe(404);
  });
});
