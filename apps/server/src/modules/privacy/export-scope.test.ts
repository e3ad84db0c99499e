import { QUIZ_TEMPLATE } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createCallWithSteps,
  createOrganization,
  multipart,
  PDF_BYTES,
  TEXT_QUESTION,
  UPLOAD_SLOTS,
} from '../../../test/fixtures';
import { readZip } from '../../../test/read-zip';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls, organizationMembers, submissionRecords } from '../../db/schema';

type Headers = Record<string, string>;
type Person = { headers: Headers; id: string };
type ExportedApplication = { id: string; answers: Array<{ stepId: string; score: number | null }> };

/** Every one of the quiz's twelve questions answered "a" (QUIZ_TEMPLATE's key says "a" throughout). */
const ALL_A = JSON.stringify(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`q${i + 1}`, 'a'])));

/**
 * A person's data export and the PDF data show an application's contents only to whom the
 * application's own routes show them: a member of its organization now, let in by the call's
 * e-mail filter; scores stay hidden while the call is locked; a quiz's answer key reaches no member.
 */
describe('what the data export and the PDF data show of a team application', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Person;
  let bruno: Person;
  let vera: Person;
  let orgId: string;
  let call: { id: string; textStepId: string; quizStepId: string; uploadStepId: string };

  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const as = (person: Person) => ({ ...person.headers, 'x-organization-id': orgId });
  const exportOf = async (person: Person) => {
    const res = await t.app.inject({ url: '/api/User/ExportMyData', headers: person.headers });
    expect(res.statusCode).toBe(200);
    return JSON.parse(String(readZip(res.rawPayload).get('data.json')));
  };
  const startApplication = async (person: Person, callId: string) => {
    const res = await post(as(person), '/api/Call/UpsertCallSubmission', { callId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const answer = async (person: Person, submissionId: string, stepId: string, content: string) => {
    const res = await post(as(person), '/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId,
      content,
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    const signIn = async (email: string) => {
      const who = await signInAs(db, { email });
      return { headers: who.headers, id: who.user.id };
    };
    anna = await signIn('anna@team.example');
    bruno = await signIn('bruno@team.example');
    vera = await signIn('vera@team.example');
    orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values([
      { organizationId: orgId, userId: bruno.id, role: 'editor' },
      { organizationId: orgId, userId: vera.id, role: 'viewer' },
    ]);
    const made = await createCallWithSteps(t.app, admin, [
      { name: 'Project', type: 'text', content: JSON.stringify(TEXT_QUESTION) },
      { name: 'Quiz', type: 'quiz', content: JSON.stringify(QUIZ_TEMPLATE) },
      { name: 'Documents', type: 'upload', content: JSON.stringify(UPLOAD_SLOTS) },
    ]);
    call = {
      id: made.id,
      textStepId: made.stepIds[0] as string,
      quizStepId: made.stepIds[1] as string,
      uploadStepId: made.stepIds[2] as string,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a member who left lists the application they started, without what the team wrote after', async () => {
    const submissionId = await startApplication(bruno, call.id);
    await answer(bruno, submissionId, call.textStepId, JSON.stringify({ answer: 'BRUNO-WROTE-THIS' }));
    const form = multipart(
      { submissionId, stepId: call.uploadStepId, Nome: 'Budget' },
      { name: 'bruno-budget.pdf', bytes: PDF_BYTES },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...as(bruno), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const removed = await post(as(anna), '/api/Organization/RemoveMember', { organizationId: orgId, userId: bruno.id });
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await post(as(anna), '/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.textStepId,
      content: JSON.stringify({ answer: 'WRITTEN-AFTER-BRUNO-LEFT' }),
      version: 1,
    });
    expect(after.statusCode, after.body).toBe(200);

    const brunos = await exportOf(bruno);
    const zipped = await t.app.inject({ url: '/api/User/ExportMyData', headers: bruno.headers });
    expect([...readZip(zipped.rawPayload).keys()].some((name) => name.endsWith('/bruno-budget.pdf'))).toBe(true);
    expect(JSON.stringify(brunos)).not.toContain('WRITTEN-AFTER-BRUNO-LEFT');
    expect(brunos.applications).toEqual([]);
    expect(brunos.applicationsStartedNotShown).toEqual([
      { id: submissionId, call: expect.any(String), organizationId: orgId, createdAt: expect.any(String) },
    ]);
    // What Bruno wrote himself stays his: the version he saved.
    expect(JSON.stringify(brunos.answerVersionsSaved)).toContain('BRUNO-WROTE-THIS');
    // And the file he uploaded to it, bytes and all, among his other files.
    expect(brunos.otherFiles).toEqual([expect.objectContaining({ name: 'bruno-budget.pdf' })]);
    // The team's own members still find it, contents and all.
    expect(JSON.stringify((await exportOf(anna)).applications)).toContain('WRITTEN-AFTER-BRUNO-LEFT');
    await t.database.db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.id, role: 'editor' });
  });

  it("a member whom the call's e-mail filter leaves out gets no contents of the team's application to it", async () => {
    const filtered = await createCallWithSteps(t.app, admin, [
      { name: 'Project', type: 'text', content: JSON.stringify(TEXT_QUESTION) },
    ]);
    const submissionId = await startApplication(anna, filtered.id);
    await answer(anna, submissionId, filtered.stepIds[0] as string, JSON.stringify({ answer: 'FOR-THE-LISTED-ONLY' }));
    await t.database.db
      .update(calls)
      .set({ isUserFilterEnable: true, userFilterEmail: 'anna@team.example' })
      .where(eq(calls.id, filtered.id));

    const veras = await exportOf(vera);
    expect(JSON.stringify(veras)).not.toContain('FOR-THE-LISTED-ONLY');
    expect(JSON.stringify(veras)).not.toContain(submissionId);
    expect(JSON.stringify((await exportOf(anna)).applications)).toContain('FOR-THE-LISTED-ONLY');
  });

  it("keeps a quiz's score out of the export until Submit, and while the call is locked; shows it once the lock ends", async () => {
    const submissionId = (await post(as(anna), '/api/Call/UpsertCallSubmission', { callId: call.id })).json().id;
    await answer(anna, submissionId, call.quizStepId, ALL_A);
    const scoreIn = async (person: Person) =>
      (await exportOf(person)).applications
        .find((a: ExportedApplication) => a.id === submissionId)
        ?.answers.find((a: { stepId: string }) => a.stepId === call.quizStepId)?.score;
    // Not submitted: the score would tell which answers are right.
    expect(await scoreIn(anna)).toBeNull();
    await t.database.db.update(callSubmissions).set({ closed: true }).where(eq(callSubmissions.id, submissionId));

    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(calls.id, call.id));
    expect(await scoreIn(vera)).toBeNull();
    expect(await scoreIn(anna)).toBeNull();

    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() - 1000) })
      .where(eq(calls.id, call.id));
    expect(await scoreIn(vera)).toBe(1);
  });

  it("gives no member a quiz's answer key in the PDF data, before Submit, after it, or from a record frozen with it", async () => {
    const quizOnly = await createCallWithSteps(t.app, admin, [
      { name: 'Quiz', type: 'quiz', content: JSON.stringify(QUIZ_TEMPLATE) },
    ]);
    const pdfData = () =>
      t.app.inject({ url: `/api/Call/GetAllAnswerForPdf?callId=${quizOnly.id}`, headers: as(vera) });
    const submissionId = await startApplication(anna, quizOnly.id);
    await answer(anna, submissionId, quizOnly.stepIds[0] as string, ALL_A);
    const draft = await pdfData();
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.body).toContain('q12');
    expect(draft.body).not.toContain('correctAnswer');

    const closed = await post(as(anna), '/api/Call/CloseCallSubmission', { submissionId, language: 'it' });
    expect(closed.statusCode, closed.body).toBe(200);
    const [record] = await t.database.db
      .select()
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId));
    expect(JSON.stringify(record?.data)).not.toContain('correctAnswer');
    expect((await pdfData()).body).not.toContain('correctAnswer');

    // A record frozen before the key was taken out at freezing still holds it: served without it.
    if (!record) throw new Error('no record');
    const withKey = {
      ...record.data,
      sectionsForPDF: record.data.sectionsForPDF.map((s) => ({ ...s, questions: JSON.stringify(QUIZ_TEMPLATE) })),
    };
    expect(JSON.stringify(withKey)).toContain('correctAnswer');
    await t.database.db.update(submissionRecords).set({ data: withKey }).where(eq(submissionRecords.id, record.id));
    const served = await pdfData();
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('q12');
    expect(served.body).not.toContain('correctAnswer');
    const exported = (await exportOf(vera)).applications.find((a: { id: string }) => a.id === submissionId);
    expect(exported.submittedRecords).toHaveLength(1);
    expect(JSON.stringify(exported)).toContain('q12');
    expect(JSON.stringify(exported)).not.toContain('correctAnswer');
  });
});
