import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls, emailOutbox, reviewDecisions, submissionRecords } from '../../db/schema';

type Headers = Record<string, string>;

const DAY = 86_400_000;
const TEXT = (question: string) => JSON.stringify({ question: `<p>${question}</p>`, maxLength: 500 });
const answer = (text: string) => JSON.stringify({ answer: text });
const MESSAGE = { it: 'Benvenuti alla fase due.', en: 'Welcome to stage two.', fr: 'Bienvenue en phase deux.' };

/**
 * A call in two stages (docs/decisions/0034-calls-in-two-stages.md), through the real server:
 * stage 1 on the call's dates, an invitation, stage 2 on its own deadline.
 */
describe('calls in two stages', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers; // invited
  let bruno: Headers; // not invited
  let call: { id: string; interestStep: string; fullStep: string };
  let annaSub: string;
  let brunoSub: string;
  let otherCallSub: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const write = (headers: Headers, submissionId: string, stepId: string, text: string, version = 0) =>
    inject('POST', '/api/Call/UpsertCallStepResult', headers, {
      callSubmissionId: submissionId,
      stepId,
      content: answer(text),
      version,
    });
  const close = (headers: Headers, submissionId: string, language = 'en') =>
    inject('POST', '/api/Call/CloseCallSubmission', headers, { submissionId, language });
  const invite = (headers: Headers, body: Record<string, unknown>) =>
    inject('POST', '/api/Call/InviteToStage', headers, {
      callId: call.id,
      stage: 2,
      closingAt: new Date(Date.now() + 7 * DAY).toISOString(),
      message: MESSAGE,
      ...body,
    });
  const stageOf = (submissionId: string) =>
    t.database.db
      .select({ stage: callSubmissions.stage, closingAt: callSubmissions.stageClosingAt })
      .from(callSubmissions)
      .where(eq(callSubmissions.id, submissionId));

  async function applicant(email: string, orgName: string) {
    const who = await signInAs(t.database.db, { email, firstName: orgName, lastName: 'Team' });
    const org = await createOrganization(t.app, who.headers, orgName);
    return { ...who.headers, 'x-organization-id': org };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@stages.test', roles: ['admin'] })).headers;
    const made = await createCallWithSteps(
      t.app,
      admin,
      [
        { name: 'Expression of interest', type: 'text', content: TEXT('Your idea in short') },
        { name: 'Full application', type: 'text', content: TEXT('The whole project'), stage: 2 },
      ],
      { name: 'Bando in due fasi' },
    );
    call = { id: made.id, interestStep: made.stepIds[0] as string, fullStep: made.stepIds[1] as string };
    anna = await applicant('anna@stages.test', 'Aurora');
    bruno = await applicant('bruno@stages.test', 'Borgo');
    const started = await inject('POST', '/api/Call/UpsertCallSubmission', anna, { callId: call.id });
    annaSub = started.json().id;
    brunoSub = (await inject('POST', '/api/Call/UpsertCallSubmission', bruno, { callId: call.id })).json().id;
    // A closed submission to another call, whose id must not be accepted by this call's invitation.
    const other = await createOpenCall(t.app, admin, { name: 'Altro bando' });
    otherCallSub = await submitToCall(t.app, bruno, bruno['x-organization-id'] as string, other);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps each step’s stage in the call type: returned, kept when left out, 400 for anything but 1 or 2', async () => {
    const full = (await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`, admin)).json();
    expect(full.steps.map((s: { stage: number }) => s.stage)).toEqual([1, 2]);
    const type = (await inject('GET', `/api/Call/GetCallType?callTypeId=${full.callTypeId}`, admin)).json();
    const steps = type.steps.map((s: Record<string, unknown>) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      content: s.content,
      sort: s.sort,
      stepTypeId: s.stepTypeId,
    }));
    // Left out: the stored stages stay.
    const kept = await inject('PUT', '/api/Call/UpsertCallType', admin, { ...type, steps });
    expect(kept.statusCode, kept.body).toBeLessThan(300);
    expect(kept.json().steps.map((s: { stage: number }) => s.stage)).toEqual([1, 2]);
    for (const stage of [3, 0, '2']) {
      const bad = await inject('PUT', '/api/Call/UpsertCallType', admin, {
        ...type,
        steps: steps.map((s: object, i: number) => (i === 1 ? { ...s, stage } : s)),
      });
      expect(bad.statusCode, `stage ${stage}`).toBe(400);
    }
    const after = (await inject('GET', `/api/Call/GetCallType?callTypeId=${full.callTypeId}`, admin)).json();
    expect(after.steps.map((s: { stage: number }) => s.stage)).toEqual([1, 2]);
  });

  it('before an invitation the applicant sees nothing of stage 2 and cannot write it', async () => {
    const seen = (await inject('GET', `/api/Call/GetCallById?callId=${call.id}`, anna)).json();
    expect(seen.steps.map((s: { id: string }) => s.id)).toEqual([call.interestStep]);
    expect(seen.submissionStage).toBe(1);
    expect(seen.stageClosingAt).toBeNull();
    const refused = await write(anna, annaSub, call.fullStep, 'too early');
    expect([403, 404]).toContain(refused.statusCode);
    expect(
      (await inject('GET', `/api/Call/GetStepResult?submissionId=${annaSub}&StepId=${call.fullStep}`, anna)).statusCode,
    ).toBe(404);
    expect((await inject('GET', `/api/Call/GetSubmissionPdf?submissionId=${annaSub}&stage=2`, anna)).statusCode).toBe(
      404,
    );
    const [row] = await t.database.db.select().from(callSubmissions).where(eq(callSubmissions.id, annaSub));
    expect(row?.stage).toBe(1);
  });

  it('submits stage 1 alone: its own record, receipt and PDF; the stage-2 step is not asked', async () => {
    expect((await write(anna, annaSub, call.interestStep, 'A community kitchen')).statusCode).toBe(200);
    expect((await write(bruno, brunoSub, call.interestStep, 'A bike repair shop')).statusCode).toBe(200);
    const closed = await close(anna, annaSub, 'en');
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await close(bruno, brunoSub, 'it')).statusCode).toBe(200);
    const records = (await inject('GET', `/api/Call/GetSubmissionRecords?submissionId=${annaSub}`, anna)).json();
    expect(records.map((r: { stage: number }) => r.stage)).toEqual([1]);
    const [record] = await t.database.db
      .select({ data: submissionRecords.data })
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, annaSub));
    expect(record?.data.sectionsForPDF.map((s) => s.stepId)).toEqual([call.interestStep]);
    const pdf = await inject('GET', `/api/Call/GetSubmissionPdf?submissionId=${annaSub}&stage=1`, anna);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Closed and not invited: stage 1 is read-only, stage 2 still does not exist.
    expect((await write(anna, annaSub, call.interestStep, 'late', 2)).statusCode).toBe(409);
    expect([403, 404]).toContain((await write(anna, annaSub, call.fullStep, 'still too early')).statusCode);
  });

  it('lets only admins invite, only this call’s submitted applications, and only to a deadline ahead', async () => {
    expect((await invite(anna, { submissionIds: [annaSub] })).statusCode).toBe(403);
    const foreign = await invite(admin, { submissionIds: [annaSub, otherCallSub] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'submissionIds.1', messageKey: 'errors.stages.notInCall' }]);
    const past = await invite(admin, { submissionIds: [annaSub], closingAt: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].path).toBe('closingAt');
    const carla = await applicant('carla@stages.test', 'Cascina');
    const draft = (await inject('POST', '/api/Call/UpsertCallSubmission', carla, { callId: call.id })).json().id;
    const unsent = await invite(admin, { submissionIds: [draft] });
    expect(unsent.statusCode).toBe(400);
    expect(unsent.json().errors[0].messageKey).toBe('errors.stages.notSubmitted');
    expect((await invite(admin, { submissionIds: [annaSub], stage: 3 })).statusCode).toBe(400);
    // Nothing changed by any refusal.
    expect((await stageOf(annaSub))[0]?.stage).toBe(1);
  });

  it('shows the invitation mail in each language before sending, and sends nothing', async () => {
    const before = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'stage-invitation'));
    const preview = await inject('POST', '/api/Call/PreviewStageInvitation', admin, {
      callId: call.id,
      submissionIds: [annaSub],
      stage: 2,
      closingAt: new Date(Date.now() + 7 * DAY).toISOString(),
      message: MESSAGE,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { mails } = preview.json();
    expect(mails.en.subject).toContain('Bando in due fasi');
    expect(mails.en.text).toContain(MESSAGE.en);
    expect(mails.it.text).toContain(MESSAGE.it);
    expect(mails.fr.text).toContain(MESSAGE.fr);
    expect(mails.en.text).toContain('Aurora');
    const after = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'stage-invitation'));
    expect(after.length).toBe(before.length);
  });

  it('invites: a mail in the applicant’s language; the others get one outcome mail, held until the lock', async () => {
    // Stage 1 is over and results are locked for a week.
    const lockEnd = new Date(Date.now() + 7 * DAY);
    lockEnd.setMilliseconds(0);
    await t.database.db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 60_000), callLockEnd: lockEnd })
      .where(eq(calls.id, call.id));
    const res = await invite(admin, { submissionIds: [annaSub] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invited: 1, outcomesQueued: 1 });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'stage-invitation'));
    const toAnna = mails.find((m) => m.to === 'anna@stages.test');
    expect(toAnna?.subject).toBe('Invitation to the second stage: Bando in due fasi');
    expect(toAnna?.text).toContain(MESSAGE.en);
    expect(toAnna?.text).toContain(`/call/${annaSub}`);
    // Bruno: one decision, its mail in Italian and held until the lock ends; Anna: none.
    const decisions = await t.database.db.select().from(reviewDecisions).where(eq(reviewDecisions.callId, call.id));
    expect(decisions.map((d) => [d.submissionId, d.outcome])).toEqual([[brunoSub, 'rejected']]);
    const [outcome] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'review-decision'), eq(emailOutbox.to, 'bruno@stages.test')));
    expect(outcome?.subject).toContain('Esito');
    expect(outcome?.nextAttemptAt.getTime()).toBe(lockEnd.getTime());
    // Asked again: nobody is invited or told twice.
    const again = await invite(admin, { submissionIds: [annaSub] });
    expect(again.json()).toMatchObject({ invited: 0, mailsQueued: 0, outcomesQueued: 0 });
  });

  it('after the invitation: stage 2 appears with its deadline, stage 1 is read-only, stage 2 writable', async () => {
    const seen = (await inject('GET', `/api/Call/GetCallById?callId=${call.id}`, anna)).json();
    expect(seen.steps.map((s: { id: string }) => s.id)).toEqual([call.interestStep, call.fullStep]);
    expect(seen.submissionStage).toBe(2);
    expect(seen.stageClosingAt).not.toBeNull();
    const cards = (await inject('GET', '/api/Call/GetCallListUser', anna)).json();
    const card = cards.find((c: { id: string }) => c.id === call.id);
    expect(card).toMatchObject({ submissionStage: 2, stageClosed: false, submissionClosed: true });
    expect(card.stageClosingAt).toBe(seen.stageClosingAt);
    // Stage 1's answer is shown, and refused as a write.
    const sub = (await inject('GET', `/api/Call/GetSubmissionByID?submissionId=${annaSub}`, anna)).json();
    expect(sub.stepResults.map((r: { stepId: string }) => r.stepId)).toEqual([call.interestStep]);
    const stageOne = await write(anna, annaSub, call.interestStep, 'changed', 1);
    expect(stageOne.statusCode).toBe(409);
    expect(stageOne.json().messageKey).toBe('errors.stages.stageClosed');
    expect((await write(anna, annaSub, call.fullStep, 'The whole project, costed')).statusCode).toBe(200);
  });

  it('an organization not invited can write nothing', async () => {
    expect((await write(bruno, brunoSub, call.interestStep, 'again', 1)).statusCode).toBe(409);
    expect([403, 404]).toContain((await write(bruno, brunoSub, call.fullStep, 'uninvited')).statusCode);
    const seen = (await inject('GET', `/api/Call/GetCallById?callId=${call.id}`, bruno)).json();
    expect(seen.steps.map((s: { id: string }) => s.id)).toEqual([call.interestStep]);
    expect((await close(bruno, brunoSub)).statusCode).toBe(409);
  });

  it('enforces the stage-2 deadline on the server, for writes and for Submit', async () => {
    await t.database.db
      .update(callSubmissions)
      .set({ stageClosingAt: new Date(Date.now() - 1000) })
      .where(eq(callSubmissions.id, annaSub));
    const late = await write(anna, annaSub, call.fullStep, 'late', 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().messageKey).toBe('errors.submissions.deadlinePassed');
    expect((await close(anna, annaSub)).statusCode).toBe(409);
    await t.database.db
      .update(callSubmissions)
      .set({ stageClosingAt: new Date(Date.now() + DAY) })
      .where(eq(callSubmissions.id, annaSub));
  });

  it('Submit closes stage 2 with a new record of both stages; both PDFs download', async () => {
    const closed = await close(anna, annaSub, 'en');
    expect(closed.statusCode, closed.body).toBe(200);
    const records = (await inject('GET', `/api/Call/GetSubmissionRecords?submissionId=${annaSub}`, anna)).json();
    expect(records.map((r: { stage: number }) => r.stage)).toEqual([2, 1]);
    const [latest] = await t.database.db
      .select({ data: submissionRecords.data })
      .from(submissionRecords)
      .where(and(eq(submissionRecords.callSubmissionId, annaSub), eq(submissionRecords.stage, 2)));
    expect(latest?.data.sectionsForPDF.map((s) => s.stepId)).toEqual([call.interestStep, call.fullStep]);
    for (const stage of ['1', '2']) {
      const pdf = await inject('GET', `/api/Call/GetSubmissionPdf?submissionId=${annaSub}&stage=${stage}`, anna);
      expect(pdf.statusCode, `stage ${stage}`).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await write(anna, annaSub, call.fullStep, 'after', 1)).statusCode).toBe(409);
    const receipts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'anna@stages.test'));
    expect(receipts.filter((m) => m.template === 'submission-receipt').length).toBe(2);
    const card = (await inject('GET', '/api/Call/GetCallListUser', anna))
      .json()
      .find((c: { id: string }) => c.id === call.id);
    expect(card.stageClosed).toBe(true);
  });

  it('lists the stage in the admin submissions tab and filters it and the export by stage', async () => {
    const all = (await inject('GET', `/api/Call/GetSubmissions?callId=${call.id}&limit=50`, admin)).json();
    const byId = new Map(all.map((s: { id: string; stage: number }) => [s.id, s.stage]));
    expect(byId.get(annaSub)).toBe(2);
    expect(byId.get(brunoSub)).toBe(1);
    const second = await inject('GET', `/api/Call/GetSubmissions?callId=${call.id}&stage=2&limit=50`, admin);
    expect(second.json().map((s: { id: string }) => s.id)).toEqual([annaSub]);
    expect(String(second.headers['x-total-count'])).toBe('1');
    expect((await inject('GET', `/api/Call/GetSubmissions?stage=3`, admin)).statusCode).toBe(400);
    // The export too.
    const csv = await inject('GET', `/api/Report/ExportSubmissions?callId=${call.id}&format=csv&stage=2`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Aurora');
    expect(csv.body).not.toContain('Borgo');
  });

  it('refuses to invite an organization already told it is not accepted', async () => {
    const [decision] = await t.database.db
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.submissionId, brunoSub));
    await t.database.db
      .update(emailOutbox)
      .set({ sentAt: new Date() })
      .where(eq(emailOutbox.id, decision?.mailId as string));
    const res = await invite(admin, { submissionIds: [brunoSub] });
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('errors.stages.alreadyRejected');
    expect((await stageOf(brunoSub))[0]?.stage).toBe(1);
  });

  it('reopening a stage-2 submission reopens stage 2 only; stage 1 stays frozen', async () => {
    const reopened = await inject('POST', `/api/CallSubmission/ReOpenSubmission?submissionId=${annaSub}`, admin);
    expect(reopened.statusCode).toBe(204);
    const sub = (await inject('GET', `/api/Call/GetSubmissionByID?submissionId=${annaSub}`, anna)).json();
    expect(sub).toMatchObject({ closed: true, stage: 2, stageClosedAt: null });
    const full = sub.stepResults.find((r: { stepId: string }) => r.stepId === call.fullStep);
    expect((await write(anna, annaSub, call.fullStep, 'One more line', full.version)).statusCode).toBe(200);
    expect((await write(anna, annaSub, call.interestStep, 'changed', 1)).statusCode).toBe(409);
  });

  it('keeps the stage of a step that has answers (409), so no answer sits in a stage not reached', async () => {
    const full = (await inject('GET', `/api/Call/GetCallByIdAdmin?callId=${call.id}`, admin)).json();
    const type = (await inject('GET', `/api/Call/GetCallType?callTypeId=${full.callTypeId}`, admin)).json();
    const moved = await inject('PUT', '/api/Call/UpsertCallType', admin, {
      ...type,
      steps: type.steps.map((s: Record<string, unknown>) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        content: s.content,
        sort: s.sort,
        stepTypeId: s.stepTypeId,
        stage: 2,
      })),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().messageKey).toBe('errors.stages.stepHasAnswers');
  });
});
