import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers, stepComments } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * Erasing a member takes their comments: those nobody answered go, a thread colleagues answered
 * stays emptied and without author, and the person leaves every mention, resolution and the
 * colleagues' words that named them.
 */
describe('erasure and comments', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: Headers;
  let bruno: { headers: Headers; id: string };
  let submissionId: string;
  let stepId: string;

  const add = async (headers: Headers, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/AddStepComment',
      headers,
      payload: { submissionId, stepId, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    anna = (await signInAs(db, { email: 'anna@team.example', firstName: 'Anna', lastName: 'Neri' })).headers;
    const b = await signInAs(db, { email: 'bruno@team.example', firstName: 'Bruno', lastName: 'Sala' });
    bruno = { headers: b.headers, id: b.user.id };
    const orgId = await createOrganization(t.app, anna, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.id, role: 'editor' });
    const call = await createOpenCall(t.app, admin);
    stepId = call.textStepId;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna, 'x-organization-id': orgId },
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes or empties the person’s comments and takes them out of the others’', async () => {
    await add(bruno.headers, { body: 'Bruno alone here' });
    const answered = await add(bruno.headers, { body: 'Bruno asks something' });
    await add(anna, { body: 'Right, Bruno Sala (bruno@team.example)!', parentId: answered });
    const annas = await add(anna, { body: 'Anna asks a colleague', mentions: [bruno.id] });
    await add(bruno.headers, { body: 'Bruno answers Anna', parentId: annas });
    const resolve = await t.app.inject({
      method: 'POST',
      url: '/api/Call/ResolveStepComment',
      headers: bruno.headers,
      payload: { commentId: annas, resolved: true },
    });
    expect(resolve.statusCode).toBe(204);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'bruno@team.example' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const pseudonym = erased.json().pseudonym as string;

    const rows = await t.database.db.select().from(stepComments);
    expect(JSON.stringify(rows)).not.toMatch(/Bruno|bruno@team/);
    expect(JSON.stringify(rows)).not.toContain(bruno.id);
    const res = await t.app.inject({
      url: `/api/Call/GetStepComments?submissionId=${submissionId}&stepId=${stepId}`,
      headers: anna,
    });
    const threads = res.json().threads;
    expect(threads).toHaveLength(2);
    // The thread Anna answered stays, emptied and without author, with her reply (which named him).
    expect(threads[0]).toMatchObject({ author: null, body: '', mentions: [] });
    expect(threads[0].replies).toEqual([
      expect.objectContaining({
        author: expect.objectContaining({ name: 'Anna Neri' }),
        body: `Right, ${pseudonym} (${pseudonym})!`,
      }),
    ]);
    // Anna's thread: his reply gone, his mention and his resolution too.
    expect(threads[1]).toMatchObject({ body: 'Anna asks a colleague', mentions: [], replies: [], resolvedBy: null });
  });
});
