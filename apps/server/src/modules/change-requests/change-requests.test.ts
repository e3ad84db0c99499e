import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import {
  auditLog,
  emailOutbox,
  organizationMembers,
  submissionChangeRequests,
  submissionRecords,
} from '../../db/schema';

type Headers = Record<string, string>;

const DAY = 86_400_000;
const TEXT = (question: string) => JSON.stringify({ question: `<p>${question}</p>`, maxLength: 500 });
const answer = (text: string) => JSON.stringify({ answer: text });

/**
 * Requests for changes (docs/decisions/0039-request-changes.md), through the real server: the
 * administrator reopens one step of a submitted application; only that step takes writes; Submit
 * again freezes a second record and answers the request; a withdrawal freezes the step again.
 */
describe('requests for changes', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let annaViewer: Headers;
  let bruno: Headers; // another organization
  let call: { id: string; first: string; second: string };
  let annaSub: string;
  let brunoSub: string;
  let otherCallStep: string;

  const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const versionOf = async (headers: Headers, submissionId: string, stepId: string) => {
    const got = await inject('GET', `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`, headers);
    return got.statusCode === 200 ? (got.json().version as number) : 0;
  };
  const write = async (headers: Headers, submissionId: string, stepId: string, text: string) =>
    inject('POST', '/api/Call/UpsertCallStepResult', headers, {
      callSubmissionId: submissionId,
      stepId,
      content: answer(text),
      version: await versionOf(headers, submissionId, stepId),
    });
  const close = (headers: Headers, submissionId: string) =>
    inject('POST', '/api/Call/CloseCallSubmission', headers, { submissionId, language: 'en' });
  const request = (headers: Headers, body: Record<string, unknown>) =>
    inject('POST', '/api/CallSubmission/RequestChanges', headers, {
      submissionId: annaSub,
      stepIds: [call.second],
      message: 'Please give the budget in euros.',
      dueAt: new Date(Date.now() + 7 * DAY).toISOString(),
      ...body,
    });
  const requests = (headers: Headers, submissionId = annaSub) =>
    inject('GET', `/api/CallSubmission/GetChangeRequests?submissionId=${submissionId}`, headers);
  const records = () =>
    t.database.db.select().from(submissionRecords).where(eq(submissionRecords.callSubmissionId, annaSub));

  async function applicant(email: string, orgName: string) {
    const who = await signInAs(t.database.db, { email, firstName: orgName, lastName: 'Team' });
    const org = await createOrganization(t.app, who.headers, orgName);
    return { ...who.headers, 'x-organization-id': org };
  }

  async function startAndSubmit(headers: Headers) {
    const id = (await inject('POST', '/api/Call/UpsertCallSubmission', headers, { callId: call.id })).json().id;
    expect((await write(headers, id, call.first, 'Our project')).statusCode).toBe(200);
    expect((await write(headers, id, call.second, 'Budget 1000')).statusCode).toBe(200);
    const closed = await close(headers, id);
    expect(closed.statusCode, closed.body).toBe(200);
    return id as string;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (
      await signInAs(t.database.db, {
        email: 'admin@changes.test',
        roles: ['admin'],
        firstName: 'Olga',
        lastName: 'Officer',
      })
    ).headers;
    const made = await createCallWithSteps(
      t.app,
      admin,
      [
        { name: 'Project', type: 'text', content: TEXT('Your project') },
        { name: 'Budget', type: 'text', content: TEXT('Your budget') },
      ],
      { name: 'Bando con modifiche' },
    );
    call = { id: made.id, first: made.stepIds[0] as string, second: made.stepIds[1] as string };
    const other = await createCallWithSteps(t.app, admin, [{ name: 'Other', type: 'text', content: TEXT('Other') }], {
      name: 'Altro bando',
    });
    otherCallStep = other.stepIds[0] as string;
    anna = await applicant('anna@changes.test', 'Aurora');
    bruno = await applicant('bruno@changes.test', 'Borgo');
    // A viewer of Anna's organization: reads the requests, writes nothing.
    const viewer = await signInAs(t.database.db, { email: 'vera@changes.test', firstName: 'Vera', lastName: 'Viewer' });
    // Test data: a viewer's membership written directly (the invitation flow has its own tests).
    await t.database.db
      .insert(organizationMembers)
      .values({ organizationId: anna['x-organization-id'] as string, userId: viewer.user.id, role: 'viewer' });
    annaViewer = { ...viewer.headers, 'x-organization-id': anna['x-organization-id'] as string };
    annaSub = await startAndSubmit(anna);
    brunoSub = (await inject('POST', '/api/Call/UpsertCallSubmission', bruno, { callId: call.id })).json().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a request from a non-administrator (403), on a draft (409), naming a step of another call (400), due in the past or beyond a year (400)', async () => {
    expect((await request(anna, {})).statusCode).toBe(403);
    expect((await request(bruno, { submissionId: brunoSub })).statusCode).toBe(403);
    const draft = await request(admin, { submissionId: brunoSub });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().messageKey).toBe('errors.changeRequests.notSubmitted');
    const foreign = await request(admin, { stepIds: [call.second, otherCallStep] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'stepIds.1', messageKey: 'errors.changeRequests.stepNotInCall' }]);
    const past = await request(admin, { dueAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    const tooFar = await request(admin, { dueAt: new Date(Date.now() + 400 * DAY).toISOString() });
    expect(tooFar.json().errors[0]).toMatchObject({ path: 'dueAt', messageKey: 'errors.changeRequests.dueTooFar' });
    expect((await request(admin, { submissionId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await t.database.db.select().from(submissionChangeRequests)).toHaveLength(0);
  });

  it('after Submit, a request for step 2 lets step 2 be written and answers a write to step 1 with 409', async () => {
    expect((await write(anna, annaSub, call.second, 'before the request')).statusCode).toBe(409);
    const made = await request(admin, {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'open', stepIds: [call.second], requestedBy: 'Olga Officer' });
    expect((await request(admin, { stepIds: [call.first] })).statusCode).toBe(409); // one open at a time

    const second = await write(anna, annaSub, call.second, 'Budget 1200 euros');
    expect(second.statusCode, second.body).toBe(200);
    const first = await write(anna, annaSub, call.first, 'not reopened');
    expect(first.statusCode).toBe(409);
    // The viewer still writes nothing; another organization still sees nothing.
    expect((await write(annaViewer, annaSub, call.second, 'x')).statusCode).toBe(403);
    expect((await write(bruno, annaSub, call.second, 'x')).statusCode).toBe(404);

    // The message is in the application's conversation, on the funder's side; a mail in the reader's language.
    const messages = (await inject('GET', `/api/Conversation/GetMessages?submissionId=${annaSub}`, anna)).json();
    expect(messages.messages.at(-1)).toMatchObject({ side: 'funder', text: 'Please give the budget in euros.' });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'change-request'));
    expect(mails.map((m) => m.to)).toContain('anna@changes.test');
    expect(mails[0]?.text).toContain('Please give the budget in euros.');
    expect(mails[0]?.text).toContain('Budget');
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'submission.requestChanges'));
    expect(audited).toHaveLength(1);
  });

  it('lists the requests for the team and the administrator, and for nobody else (404)', async () => {
    const forTeam = await requests(anna);
    expect(forTeam.statusCode).toBe(200);
    expect(forTeam.json()).toHaveLength(1);
    expect((await requests(admin)).json()[0].message).toBe('Please give the budget in euros.');
    expect((await requests(annaViewer)).statusCode).toBe(200);
    expect((await requests(bruno)).statusCode).toBe(404);
  });

  it('Submit again makes a second frozen record with the change and answers the request', async () => {
    expect(await records()).toHaveLength(1);
    const again = await close(anna, annaSub);
    expect(again.statusCode, again.body).toBe(200);
    const kept = await records();
    expect(kept).toHaveLength(2);
    const newest = kept.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime()).at(-1);
    expect(JSON.stringify(newest?.data)).toContain('Budget 1200 euros');
    const [listed] = (await requests(anna)).json();
    expect(listed.status).toBe('answered');
    expect(listed.answeredAt).not.toBeNull();
    // Frozen again: step 2 as well, and a second Submit is 409.
    expect((await write(anna, annaSub, call.second, 'after')).statusCode).toBe(409);
    expect((await close(anna, annaSub)).statusCode).toBe(409);
    // Answered: not withdrawn.
    expect(
      (await inject('POST', '/api/CallSubmission/WithdrawChangeRequest', admin, { requestId: listed.id })).statusCode,
    ).toBe(409);
  });

  it('a withdrawal freezes the steps again; only an administrator withdraws', async () => {
    const made = (await request(admin, { stepIds: [call.first] })).json();
    expect((await write(anna, annaSub, call.first, 'reopened')).statusCode).toBe(200);
    expect(
      (await inject('POST', '/api/CallSubmission/WithdrawChangeRequest', anna, { requestId: made.id })).statusCode,
    ).toBe(403);
    const withdrawn = await inject('POST', '/api/CallSubmission/WithdrawChangeRequest', admin, { requestId: made.id });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect((await write(anna, annaSub, call.first, 'too late')).statusCode).toBe(409);
    expect((await close(anna, annaSub)).statusCode).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'submission.withdrawChangeRequest'));
    expect(audited).toHaveLength(1);
    expect((await requests(anna)).json().map((r: { status: string }) => r.status)).toEqual(['withdrawn', 'answered']);
  });

  it('past its due date the request no longer reopens anything, and a new one may be made', async () => {
    const made = (await request(admin, { stepIds: [call.first] })).json();
    await t.database.db
      .update(submissionChangeRequests)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(submissionChangeRequests.id, made.id));
    expect((await write(anna, annaSub, call.first, 'expired')).statusCode).toBe(409);
    expect((await close(anna, annaSub)).statusCode).toBe(409);
    expect((await requests(anna)).json()[0].status).toBe('expired');
    expect((await request(admin, { stepIds: [call.first] })).statusCode).toBe(200);
  });

  it('a submission reopened whole while a request is open is checked whole at Submit, which answers the request', async () => {
    const reopened = await inject('POST', `/api/CallSubmission/ReOpenSubmission?submissionId=${annaSub}`, admin);
    expect(reopened.statusCode, reopened.body).toBeLessThan(300);
    // Step 2 is not named by the request, yet writable again with the whole submission: emptied, it blocks Submit.
    expect((await write(anna, annaSub, call.second, '')).statusCode).toBe(200);
    const refused = await close(anna, annaSub);
    expect(refused.statusCode).toBe(400);
    expect((await write(anna, annaSub, call.second, 'Budget 3000')).statusCode).toBe(200);
    expect((await close(anna, annaSub)).statusCode).toBe(200);
    expect((await requests(anna)).json()[0].status).toBe('answered');
  });
});
