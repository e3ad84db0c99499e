import { PRESENCE_MAX_STREAMS_PER_USER } from '@impact/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream-client';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls, organizationMembers } from '../../db/schema';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * Issue "Presence": two members of one organization with the same application open each see the
 * other; a non-member gets 404, a viewer may watch, a removed member's stream ends within one
 * membership re-check (1 s here), a person holds at most a few streams, and closing the server
 * ends the streams instead of waiting for them. Through a listening server and fetch, as the page does.
 */
describe('presence on an open application', () => {
  let t: TestApp;
  let base: string;
  let anna: Person;
  let bruno: Person;
  let carla: Person;
  let outsider: Person;
  let orgId: string;
  let submissionId: string;
  let callId: string;
  const url = () => `${base}/api/Call/SubmissionPresence?submissionId=${submissionId}`;
  const open = (p: Person) => openEventStream(url(), p.headers);
  /** A stream once the server has seen the person's earlier streams close (their places are freed then). */
  const openWhenFree = async (p: Person) => {
    for (let i = 0; ; i++) {
      const s = await open(p);
      if (s.response.status !== 429 || i > 100) return s;
      await s.response.body?.cancel();
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    t = await buildTestApp({ PRESENCE_RECHECK_SECONDS: '1' });
    const db = t.database.db;
    const admin = await signInAs(db, { email: 'admin@presence.test', roles: ['admin'] });
    anna = await signInAs(db, { email: 'anna@presence.test', firstName: 'Anna', lastName: 'Neri' });
    bruno = await signInAs(db, { email: 'bruno@presence.test', firstName: 'Bruno', lastName: 'Riva' });
    carla = await signInAs(db, { email: 'carla@presence.test', firstName: 'Carla', lastName: 'Sala' });
    outsider = await signInAs(db, { email: 'otto@elsewhere.test' });
    orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Presenze');
    // Membership as an accepted invitation leaves it (the invitation flow has its own tests).
    await db.insert(organizationMembers).values([
      { organizationId: orgId, userId: bruno.user.id, role: 'editor' },
      { organizationId: orgId, userId: carla.user.id, role: 'viewer' },
    ]);
    const call = await createOpenCall(t.app, admin.headers);
    callId = call.id;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': orgId },
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('two members each see the other, by name; leaving is pushed at once', async () => {
    const a = await open(anna);
    expect(a.response.status).toBe(200);
    expect(a.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    const b = await open(bruno);
    expect(await b.next()).toEqual({
      event: 'presence',
      data: { viewers: [{ userId: anna.user.id, firstName: 'Anna', lastName: 'Neri' }] },
    });
    expect(await a.next()).toEqual({
      event: 'presence',
      data: { viewers: [{ userId: bruno.user.id, firstName: 'Bruno', lastName: 'Riva' }] },
    });
    b.close();
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    a.close();
  });

  it('a non-member gets 404 and no stream; without a session 401', async () => {
    const o = await open(outsider);
    expect(o.response.status).toBe(404);
    expect(((await o.response.json()) as { messageKey: string }).messageKey).toBe('errors.submissions.notFound');
    const anonymous = await fetch(url());
    expect(anonymous.status).toBe(401);
  });

  it('a viewer may watch and is seen', async () => {
    const a = await open(anna);
    await a.next();
    const c = await open(carla);
    expect(c.response.status).toBe(200);
    expect((await c.next())?.data).toEqual({ viewers: [expect.objectContaining({ firstName: 'Anna' })] });
    expect((await a.next())?.data).toEqual({ viewers: [expect.objectContaining({ firstName: 'Carla' })] });
    a.close();
    c.close();
  });

  it(`one person holds at most ${PRESENCE_MAX_STREAMS_PER_USER} streams; a closed one frees its place`, async () => {
    const streams = [];
    for (let i = 0; i < PRESENCE_MAX_STREAMS_PER_USER; i++) streams.push(await open(anna));
    expect(streams.every((s) => s.response.status === 200)).toBe(true);
    const extra = await open(anna);
    expect(extra.response.status).toBe(429);
    expect(((await extra.response.json()) as { messageKey: string }).messageKey).toBe('errors.presence.tooManyStreams');
    streams.pop()?.close();
    // The server frees the place when it sees the connection close.
    const again = await openWhenFree(anna);
    expect(again.response.status).toBe(200);
    again.close();
    for (const s of streams) s.close();
  });

  it('a removed member’s stream ends within one re-check, and the others see them go', async () => {
    const a = await openWhenFree(anna);
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    const b = await open(bruno);
    await b.next();
    expect((await a.next())?.data).toEqual({ viewers: [expect.objectContaining({ firstName: 'Bruno' })] });
    await t.database.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, bruno.user.id)));
    expect(await b.next(4_000)).toEqual({ event: 'end', data: { reason: 'membership' } });
    expect(await b.next(1_000)).toBeNull();
    expect(b.ended).toBe(true);
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    a.close();
    // And he cannot open a new one.
    expect((await open(bruno)).response.status).toBe(404);
  });

  it('a stream ends within one re-check when the call’s e-mail filter no longer lets its viewer in', async () => {
    const a = await openWhenFree(anna);
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    await t.database.db
      .update(calls)
      .set({ isUserFilterEnable: true, userFilterEmail: '@only-these.test' })
      .where(eq(calls.id, callId));
    try {
      expect(await a.next(4_000)).toEqual({ event: 'end', data: { reason: 'membership' } });
    } finally {
      await t.database.db
        .update(calls)
        .set({ isUserFilterEnable: false, userFilterEmail: '' })
        .where(eq(calls.id, callId));
    }
  });

  it('closing the server ends open streams instead of waiting for them', async () => {
    const a = await open(anna);
    await a.next();
    const closing = t.app.close();
    // Told, and its response ended at once: not held for the 4 s of a client's keep-alive. (Timed
    // on the stream, not on close(), which also waits for pools that a busy machine makes slow.)
    expect(await a.next(2_000)).toEqual({ event: 'end', data: { reason: 'closing' } });
    await expect.poll(() => a.ended, { timeout: 2_000 }).toBe(true);
    await closing;
  });
});
