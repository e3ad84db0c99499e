import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rows } from '../db/client';
import { type JobQueue, startJobQueue } from './job-queue';

const quiet = { warn: () => {}, error: () => {} };

/**
 * The job queue (pg-boss over our database; decision 0040) on the embedded database and on
 * PostgreSQL alike: its tables come with the migrations (so the tests' template has them), a
 * scheduled job's cron is saved, a sent job runs, and a job that throws is retried by its policy,
 * then kept as failed with its error, while the process goes on.
 */
describe('job queue', () => {
  let t: TestDatabase;
  let queue: JobQueue;
  const ran: string[] = [];
  let flaky = 0;

  beforeAll(async () => {
    t = await createTestDatabase({ from: 'template' });
    queue = await startJobQueue(
      t.database,
      [
        { name: 'test.tick', schedule: '*/10 * * * *', run: async () => void ran.push('tick') },
        { name: 'test.echo', run: async (data) => void ran.push(String(data.word)) },
        {
          name: 'test.flaky',
          retry: { limit: 1, delaySeconds: 1 },
          run: async () => {
            flaky += 1;
            throw new Error(`flaky try ${flaky}`);
          },
        },
      ],
      quiet,
      { pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await queue?.stop(1_000);
    await t?.drop();
  });

  it('the migrated database holds the queue at its schema version; the schedule is saved', async () => {
    const [version] = await rows<{ version: number }>(t.database.db, sql`select version from pgboss.version`);
    expect(Number(version?.version)).toBe(24);
    const schedules = await queue.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toEqual([['test.tick', '*/10 * * * *']]);
  });

  it('runs a sent job once; retries a failing one by its policy, then keeps it failed with its error', async () => {
    await queue.send('test.echo', { word: 'ciao' });
    await eventually(async () => ran.includes('ciao'), true, 10_000);
    const id = await queue.send('test.flaky');
    expect(id).toBeTruthy();
    await eventually(async () => (await queue.boss.getJobById('test.flaky', id ?? ''))?.state, 'failed', 15_000);
    const job = await queue.boss.getJobById('test.flaky', id ?? '');
    expect(flaky).toBe(2);
    expect(job?.retryCount).toBe(1);
    expect((job?.output as { message?: string } | undefined)?.message).toBe('flaky try 2');
  });
});
