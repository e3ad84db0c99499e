import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { answerAndClose, createCallWithSteps, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, emailOutbox, organizationMembers } from '../../db/schema';

type Headers = Record<string, string>;

const DAY = 86_400_000;
const TEXT = JSON.stringify({ question: '<p>Your project</p>', maxLength: 500 });
/** organizationForm's contact (test/fixtures.ts). */
const CONTACT = 'giulia@aurora.example';
const BRUNO = 'bruno@aurora.example';

/**
 * The funder's notices about an application (a decision, a request for changes, an invitation to
 * stage 2) reach who submitted it only while they are still in its organization, and always the
 * organization's contact: a member who left reads nothing more about the team's application.
 */
describe("who hears about a team's application", () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let bruno: Headers & { id: string };
  let org: string;
  const submitted: Record<
    'askedWhileMember' | 'filtered' | 'pendingDecision' | 'decided' | 'invited' | 'askedAfter',
    string
  > = {
    askedWhileMember: '',
    filtered: '',
    pendingDecision: '',
    decided: '',
    invited: '',
    askedAfter: '',
  };

  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  /** Every address a mail of this kind went to since `since`, sorted. */
  const mailedTo = async (template: string, since: number) =>
    (await t.database.db.select().from(emailOutbox))
      .filter((m) => m.template === template && m.createdAt.getTime() >= since)
      .map((m) => m.to)
      .sort();
  const requestChanges = (submissionId: string, stepId: string) =>
    post(admin, '/api/CallSubmission/RequestChanges', {
      submissionId,
      stepIds: [stepId],
      message: 'Please give the budget in euros.',
      dueAt: new Date(Date.now() + 7 * DAY).toISOString(),
    });
  const stepOf = new Map<string, string>();
  const callOf = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@funder.test', roles: ['admin'] })).headers;
    anna = (await signInAs(db, { email: 'anna@aurora.example' })).headers;
    const b = await signInAs(db, { email: BRUNO });
    org = await createOrganization(t.app, anna, 'Aurora');
    await db.insert(organizationMembers).values({ organizationId: org, userId: b.user.id, role: 'editor' });
    bruno = { ...b.headers, 'x-organization-id': org, id: b.user.id };
    for (const key of Object.keys(submitted) as Array<keyof typeof submitted>) {
      const call = await createCallWithSteps(t.app, admin, [
        { name: 'Project', type: 'text', content: TEXT },
        ...(key === 'invited' ? [{ name: 'Full application', type: 'text', content: TEXT, stage: 2 as const }] : []),
      ]);
      const stepId = call.stepIds[0] as string;
      submitted[key] = await answerAndClose(t.app, bruno, org, call.id, {
        [stepId]: JSON.stringify({ answer: 'Our project' }),
      });
      stepOf.set(submitted[key], stepId);
      callOf.set(submitted[key], call.id);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a request for changes reaches the member who submitted and the contact', async () => {
    const since = Date.now();
    const id = submitted.askedWhileMember;
    const asked = await requestChanges(id, stepOf.get(id) as string);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await mailedTo('change-request', since)).toEqual([BRUNO, CONTACT].sort());
  });

  it("a submitter whom the call's e-mail filter now leaves out hears nothing; the contact does", async () => {
    const id = submitted.filtered;
    await t.database.db
      .update(calls)
      .set({ isUserFilterEnable: true, userFilterEmail: 'anna@aurora.example' })
      .where(eq(calls.id, callOf.get(id) as string));
    const since = Date.now();
    const asked = await requestChanges(id, stepOf.get(id) as string);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await mailedTo('change-request', since)).toEqual([CONTACT]);
  });

  it('a decision mail held until the lock ends goes to the contact if its addressee leaves the team first', async () => {
    const id = submitted.pendingDecision;
    await t.database.db
      .update(calls)
      .set({ callLockEnd: new Date(Date.now() + 30 * DAY) })
      .where(eq(calls.id, callOf.get(id) as string));
    const decided = await post(admin, '/api/Review/RecordDecisions', {
      callId: callOf.get(id),
      items: [{ submissionId: id, outcome: 'rejected', message: '' }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const held = async () =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'review-decision'))).map((m) => ({
        to: m.to,
        sent: m.sentAt !== null,
      }));
    expect(await held()).toEqual([{ to: BRUNO, sent: false }]);
    // Bruno leaves (removed by Anna, the owner): the held mail is now the contact's.
    const removed = await post({ ...anna, 'x-organization-id': org }, '/api/Organization/RemoveMember', {
      organizationId: org,
      userId: bruno.id,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await held()).toEqual([{ to: CONTACT, sent: false }]);
  });

  it('once the submitter has left the team, the decision, the request and the invitation reach the contact only', async () => {
    const since = Date.now();
    const decidedId = submitted.decided;
    const decided = await post(admin, '/api/Review/RecordDecisions', {
      callId: callOf.get(decidedId),
      items: [{ submissionId: decidedId, outcome: 'accepted', message: 'Well done.' }],
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await mailedTo('review-decision', since)).toEqual([CONTACT]);

    const askedId = submitted.askedAfter;
    const asked = await requestChanges(askedId, stepOf.get(askedId) as string);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await mailedTo('change-request', since)).toEqual([CONTACT]);

    const invitedId = submitted.invited;
    const invited = await post(admin, '/api/Call/InviteToStage', {
      callId: callOf.get(invitedId),
      stage: 2,
      submissionIds: [invitedId],
      closingAt: new Date(Date.now() + 7 * DAY).toISOString(),
      message: 'Send us the whole project.',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await mailedTo('stage-invitation', since)).toEqual([CONTACT]);
  });
});
