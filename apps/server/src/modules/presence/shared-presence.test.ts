import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream-client';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers } from '../../db/schema';

/** Redis runs on this machine and in CI; the test fails (never skips) when it is not there. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two instances behind a balancer, sharing Redis: members on different instances see each other. */
describe('presence across instances through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let baseA: string;
  let baseB: string;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let bruno: Awaited<ReturnType<typeof signInAs>>;
  let submissionId: string;
  let orgId: string;
  let textStepId: string;

  beforeAll(async () => {
    const prefix = `ic-test-${randomBytes(4).toString('hex')}:`;
    first = await buildTestApp({ REDIS_URL, REDIS_PREFIX: prefix, PRESENCE_RECHECK_SECONDS: '1' });
    second = await buildSecondApp(first);
    const db = first.database.db;
    const admin = await signInAs(db, { email: 'admin@shared.test', roles: ['admin'] });
    anna = await signInAs(db, { email: 'anna@shared.test', firstName: 'Anna', lastName: 'Neri' });
    bruno = await signInAs(db, { email: 'bruno@shared.test', firstName: 'Bruno', lastName: 'Riva' });
    orgId = await createOrganization(first.app, anna.headers, 'Cooperativa Due Sedi');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.user.id, role: 'editor' });
    const call = await createOpenCall(first.app, admin.headers);
    textStepId = call.textStepId;
    const started = await first.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': orgId },
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
    baseA = await first.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('each sees the other across instances, and a leaving one goes at once', async () => {
    const url = (base: string) => `${base}/api/Call/SubmissionPresence?submissionId=${submissionId}`;
    const a = await openEventStream(url(baseA), anna.headers);
    expect(await a.next()).toEqual({ event: 'presence', data: { viewers: [] } });
    const b = await openEventStream(url(baseB), bruno.headers);
    // Bruno's instance may learn of Anna at once (her instance answers its hello) or at the next beat.
    let seenByBruno = await b.next();
    if ((seenByBruno?.data as { viewers: unknown[] } | undefined)?.viewers.length === 0)
      seenByBruno = await b.next(3_000);
    expect(seenByBruno?.data).toEqual({ viewers: [{ userId: anna.user.id, firstName: 'Anna', lastName: 'Neri' }] });
    expect(await a.next(3_000)).toEqual({
      event: 'presence',
      data: { viewers: [{ userId: bruno.user.id, firstName: 'Bruno', lastName: 'Riva' }] },
    });
    // A write on Bruno's instance reaches Anna's page on the other one.
    const saved = await second.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: { ...bruno.headers, 'x-organization-id': orgId },
      payload: {
        callSubmissionId: submissionId,
        stepId: textStepId,
        content: JSON.stringify({ answer: 'Due' }),
        version: 0,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await a.next(3_000)).toEqual({
      event: 'saved',
      data: { stepId: textStepId, version: saved.json().version },
    });
    b.close();
    expect(await a.next(3_000)).toEqual({ event: 'presence', data: { viewers: [] } });
    a.close();
  });
});
