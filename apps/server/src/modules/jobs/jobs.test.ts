import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eventually } from '../../../test/eventually';
import { signInAs } from '../../../test/sign-in';
import { auditLog } from '../../db/schema';
import { type JobQueue, startJobQueue } from '../../lib/job-queue';

/**
 * The admin jobs page (decision 0040): a job whose handler throws is listed failed with its
 * error; Retry runs it again (on whichever instance works the queue); administrators only.
 */
describe('admin jobs page', () => {
  let t: TestApp;
  let queue: JobQueue;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let tries = 0;

  const list = (query: string, headers = admin.headers) => t.app.inject({ url: `/api/Jobs/GetJobs?${query}`, headers });
  const retry = (id: string, headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/Jobs/Retry', headers, payload: { id } });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@jobs.test', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@jobs.example' });
    // The app itself starts no worker (tests stay fast); this one does, as main.ts would.
    queue = await startJobQueue(
      t.database,
      [
        {
          name: 'test.webhook',
          run: async () => {
            tries += 1;
            if (tries === 1) throw new Error('endpoint answered 502');
            return { delivered: true };
          },
        },
      ],
      { warn: () => {}, error: () => {} },
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await queue?.stop(1_000);
    await t?.close();
  });

  it("lists a failing handler's job as failed with its error; Retry runs it again", async () => {
    const id = (await queue.send('test.webhook', { url: 'https://example.org/hook' })) ?? '';
    const failed = async () => (await list('state=failed&name=test.webhook')).json().items;
    await eventually(async () => (await failed()).map((j: { id: string }) => j.id), [id], 15_000);
    const [job] = await failed();
    expect(job).toMatchObject({ id, name: 'test.webhook', state: 'failed', error: 'endpoint answered 502' });
    expect(job).toMatchObject({ attempts: 1, maxAttempts: 1 });
    expect(job.startedAt).toBeTruthy();
    expect(job.completedAt).toBeTruthy();
    const page = (await list('')).json();
    expect(page.names).toContain('test.webhook');
    expect(page.names.some((n: string) => n.startsWith('__pgboss'))).toBe(false);

    const again = await retry(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(['queued', 'active', 'completed']).toContain(again.json().state);
    const stateOf = async () =>
      (await list('name=test.webhook')).json().items.find((j: { id: string }) => j.id === id)?.state;
    await eventually(stateOf, 'completed', 15_000);
    const done = (await list('state=completed&name=test.webhook')).json().items[0];
    expect(done).toMatchObject({ id, attempts: 2, maxAttempts: 2, error: null });
    expect(tries).toBe(2);
    expect((await list('state=failed&name=test.webhook')).json().items).toHaveLength(0);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.targetId, id)));
    expect(trail).toHaveLength(1);

    // Only a failed job runs again; an unknown one is not found.
    expect((await retry(id)).statusCode).toBe(409);
    expect((await retry(randomUUID())).statusCode).toBe(404);
  });

  it('is for administrators only: others get 403, and a bad filter 400', async () => {
    expect((await list('', anna.headers)).statusCode).toBe(403);
    expect((await retry(randomUUID(), anna.headers)).statusCode).toBe(403);
    expect((await list('state=exploded')).statusCode).toBe(400);
    expect((await retry('not-an-id')).statusCode).toBe(400);
  });
});
