import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { createVerifiedAccount, signInAs } from '../../../test/sign-in';
import { emailOutbox, organizationMembers, stepComments } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * Issue "Comments on a draft": the members of the organization (owner, editor and viewer alike)
 * write threads on a step, reply, resolve and reopen, and name each other; anyone else gets 404.
 */
describe('comments on a draft', () => {
  let t: TestApp;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let otherCall: Awaited<ReturnType<typeof createOpenCall>>;
  let orgId: string;
  let submissionId: string;
  let admin: Headers;
  let outsider: Headers;
  const people: Record<'anna' | 'bruno' | 'carla', { headers: Headers; id: string }> = {} as never;
  let threadId: string;
  let replyId: string;

  const as = (headers: Headers) => ({
    get: (url: string) => t.app.inject({ url, headers }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload }),
  });
  const add = (headers: Headers, payload: Record<string, unknown>) =>
    as(headers).post('/api/Call/AddStepComment', { submissionId, stepId: call.textStepId, ...payload });
  const threads = async (headers: Headers) =>
    (await as(headers).get(`/api/Call/GetStepComments?submissionId=${submissionId}&stepId=${call.textStepId}`)).json()
      .threads;
  const mentionMails = () =>
    t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'comment-mention'));

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    for (const [name, first, last] of [
      ['anna', 'Anna', 'Neri'],
      ['bruno', 'Bruno', 'Sala'],
      ['carla', 'Carla', 'Ricci'],
    ] as const) {
      const s = await signInAs(db, { email: `${name}@team.example`, firstName: first, lastName: last });
      people[name] = { headers: s.headers, id: s.user.id };
    }
    // Bruno reads French: his sign-in account says so.
    await createVerifiedAccount(db, { email: 'bruno@team.example', firstName: 'Bruno', language: 'fr' });
    orgId = await createOrganization(t.app, people.anna.headers, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values([
      { organizationId: orgId, userId: people.bruno.id, role: 'editor' },
      { organizationId: orgId, userId: people.carla.id, role: 'viewer' },
    ]);
    const o = await signInAs(db, { email: 'olga@elsewhere.example' });
    await createOrganization(t.app, o.headers, 'Altra');
    outsider = o.headers;
    call = await createOpenCall(t.app, admin, { name: 'Bando Uno' });
    otherCall = await createOpenCall(t.app, admin, { name: 'Bando Due' });
    const started = await as({ ...people.anna.headers, 'x-organization-id': orgId }).post(
      '/api/Call/UpsertCallSubmission',
      { callId: call.id },
    );
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the owner starts a thread naming a member, who is told by e-mail in their language, without the words', async () => {
    const res = await add(people.anna.headers, {
      body: 'Bruno, can you check the budget figures? (secret-words-1)',
      mentions: [people.bruno.id, people.anna.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    threadId = res.json().id;
    const mails = await mentionMails();
    // Only Bruno: naming oneself sends nothing.
    expect(mails.map((m) => m.to)).toEqual(['bruno@team.example']);
    expect(mails[0]?.subject).toBe('Anna Neri vous a mentionné dans un commentaire sur Bando Uno');
    expect(mails[0]?.text).toContain('«\u00a0Project\u00a0»');
    expect(mails[0]?.text).toContain(`http://localhost:3000/call/${submissionId}/0/0`);
    expect(mails[0]?.text).not.toContain('secret-words-1');
  });

  it('an editor replies, naming the thread; a viewer comments and replies too', async () => {
    const reply = await add(people.bruno.headers, { body: 'Checked, they add up.', parentId: threadId });
    expect(reply.statusCode, reply.body).toBe(200);
    replyId = reply.json().id;
    const viewerThread = await add(people.carla.headers, { body: 'Shall we add photos?' });
    expect(viewerThread.statusCode, viewerThread.body).toBe(200);
    const viewerReply = await add(people.carla.headers, { body: 'Me again.', parentId: threadId });
    expect(viewerReply.statusCode, viewerReply.body).toBe(200);
  });

  it('GetStepComments gives threads with authors, times, replies in order and the resolved state', async () => {
    const list = await threads(people.carla.headers);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      id: threadId,
      stepId: call.textStepId,
      author: { userId: people.anna.id, name: 'Anna Neri' },
      body: 'Bruno, can you check the budget figures? (secret-words-1)',
      mentions: [
        { userId: people.bruno.id, name: 'Bruno Sala' },
        { userId: people.anna.id, name: 'Anna Neri' },
      ],
      resolved: false,
      resolvedBy: null,
    });
    expect(Number.isNaN(Date.parse(list[0].createdAt))).toBe(false);
    expect(list[0].replies.map((r: { author: { name: string }; body: string }) => [r.author.name, r.body])).toEqual([
      ['Bruno Sala', 'Checked, they add up.'],
      ['Carla Ricci', 'Me again.'],
    ]);
    expect(list[1]).toMatchObject({ author: { name: 'Carla Ricci' }, body: 'Shall we add photos?', replies: [] });
  });

  it('without stepId: no threads, the open threads of every step (the step menu’s counts)', async () => {
    const res = await as(people.bruno.headers).get(`/api/Call/GetStepComments?submissionId=${submissionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ threads: [], openByStep: { [call.textStepId]: 2 } });
  });

  it('resolves a thread (by any of its comments) and reopens it; a reply reopens it too', async () => {
    const resolve = (headers: Headers, commentId: string, resolved: boolean) =>
      as(headers).post('/api/Call/ResolveStepComment', { commentId, resolved });
    expect((await resolve(people.carla.headers, replyId, true)).statusCode).toBe(204);
    let [first] = await threads(people.anna.headers);
    expect(first).toMatchObject({ resolved: true, resolvedBy: { userId: people.carla.id, name: 'Carla Ricci' } });
    expect(first.resolvedAt).not.toBeNull();
    const counts = (await as(people.anna.headers).get(`/api/Call/GetStepComments?submissionId=${submissionId}`)).json();
    expect(counts.openByStep).toEqual({ [call.textStepId]: 1 });

    expect((await resolve(people.bruno.headers, threadId, false)).statusCode).toBe(204);
    [first] = await threads(people.anna.headers);
    expect(first).toMatchObject({ resolved: false, resolvedAt: null, resolvedBy: null });

    expect((await resolve(people.anna.headers, threadId, true)).statusCode).toBe(204);
    expect((await add(people.bruno.headers, { body: 'One more thing.', parentId: threadId })).statusCode).toBe(200);
    [first] = await threads(people.anna.headers);
    expect(first.resolved).toBe(false);
  });

  it('refuses naming someone who is not a member (400, translated), and writes and mails nothing', async () => {
    const before = (await t.database.db.select().from(stepComments)).length;
    const mailsBefore = (await mentionMails()).length;
    const outsiderId = (await signInAs(t.database.db, { email: 'olga@elsewhere.example' })).user.id;
    const res = await add(people.anna.headers, { body: 'Olga?', mentions: [people.bruno.id, outsiderId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().messageKey).toBe('errors.comments.mentionNotMember');
    expect((await t.database.db.select().from(stepComments)).length).toBe(before);
    expect((await mentionMails()).length).toBe(mailsBefore);
  });

  it('refuses an empty body and one over 4,000 characters (400), and takes 4,000', async () => {
    const empty = await add(people.anna.headers, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      expect.objectContaining({ path: 'body', messageKey: 'errors.comments.empty' }),
    ]);
    const long = await add(people.anna.headers, { body: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      expect.objectContaining({ path: 'body', messageKey: 'errors.field.tooBig', params: { maximum: 4000 } }),
    ]);
    expect((await add(people.anna.headers, { body: 'x'.repeat(4000) })).statusCode).toBe(200);
  });

  it('a reply names a thread of the same step; a step of another call is refused (404)', async () => {
    const wrongStep = await as(people.anna.headers).post('/api/Call/AddStepComment', {
      submissionId,
      stepId: call.uploadStepId,
      body: 'Here?',
      parentId: threadId,
    });
    expect(wrongStep.statusCode).toBe(404);
    expect(wrongStep.json().messageKey).toBe('errors.comments.threadNotFound');
    const toReply = await add(people.anna.headers, { body: 'Nested?', parentId: replyId });
    expect(toReply.statusCode).toBe(404);
    const foreignStep = await as(people.anna.headers).post('/api/Call/AddStepComment', {
      submissionId,
      stepId: otherCall.textStepId,
      body: 'Elsewhere',
    });
    expect(foreignStep.statusCode).toBe(404);
    expect(foreignStep.json().messageKey).toBe('errors.submissions.stepNotInCall');
  });

  it('anyone outside the organization, an admin included, gets 404 for reading, writing and resolving', async () => {
    for (const headers of [outsider, admin]) {
      const read = await as(headers).get(
        `/api/Call/GetStepComments?submissionId=${submissionId}&stepId=${call.textStepId}`,
      );
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('secret-words-1');
      expect((await as(headers).get(`/api/Call/GetStepComments?submissionId=${submissionId}`)).statusCode).toBe(404);
      expect((await add(headers, { body: 'Intruder' })).statusCode).toBe(404);
      const resolve = await as(headers).post('/api/Call/ResolveStepComment', { commentId: threadId, resolved: true });
      expect(resolve.statusCode).toBe(404);
      expect(resolve.json().messageKey).toBe('errors.comments.notFound');
    }
    const rows = await t.database.db.select().from(stepComments).where(eq(stepComments.body, 'Intruder'));
    expect(rows).toEqual([]);
    expect((await threads(people.anna.headers))[0].resolved).toBe(false);
  });

  it('a member removed from the team reads nothing any more (404)', async () => {
    await t.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, people.carla.id));
    const read = await as(people.carla.headers).get(`/api/Call/GetStepComments?submissionId=${submissionId}`);
    expect(read.statusCode).toBe(404);
  });
});
