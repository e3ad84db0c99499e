import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallWithSteps, createOrganization } from '../../test/fixtures';
import { POSTGRES_URL } from '../../test/postgres-only';
import { signInAs } from '../../test/sign-in';
import { createTestDatabase, TEST_ENV } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

const BURST = 50;
const POOL = 5;

/**
 * A deadline's burst of Submits on a small pool: each Submit holds at most one connection at a
 * time, and those past the pool's size wait their turn in the close queue rather than in the
 * pool, whose waiters fail (503) after its connection timeout (decision 0026). The closes are
 * held up by a lock taken elsewhere for longer than that timeout, so without the queue the
 * waiting ones would be refused.
 */
describe.skipIf(!POSTGRES_URL)(`${BURST} Submits at once on a pool of ${POOL}`, () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  const drafts: Array<{ headers: Record<string, string>; submissionId: string }> = [];

  beforeAll(async () => {
    created = await createTestDatabase({ from: 'template' });
    database = await openDatabase({
      kind: 'postgres',
      url: created.url ?? '',
      poolSize: POOL,
      timeouts: { connectMs: 300, statementMs: 15_000, idleInTransactionMs: 30_000 },
    });
    app = await buildApp(loadConfig(TEST_ENV), database);
    await app.ready();
    const admin = await signInAs(database.db, { email: 'admin@burst.example', roles: ['admin'] });
    const call = await createCallWithSteps(app, admin.headers, [
      { name: 'Progetto', type: 'text', content: JSON.stringify({ question: '<p>Il progetto</p>', maxLength: 200 }) },
    ]);
    for (let i = 0; i < BURST; i++) {
      const person = await signInAs(database.db, { email: `applicant${i}@burst.example` });
      const headers = { ...person.headers, 'x-organization-id': await createOrganization(app, person.headers) };
      const started = await app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers,
        payload: { callId: call.id },
      });
      const submissionId: string = started.json().id;
      const saved = await app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers,
        payload: { callSubmissionId: submissionId, stepId: call.stepIds[0], content: '{"answer":"Ok"}', version: 0 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      drafts.push({ headers, submissionId });
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await created?.drop();
  });

  it('closes every one (none refused), each with its record and receipt', async () => {
    // Another session holds every submission row for twice the pool's connection timeout.
    const blocker = new pg.Client({ connectionString: created.url ?? '' });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select id from call_submissions for update');
    const answers = Promise.all(
      drafts.map((d) =>
        app.inject({
          method: 'POST',
          url: '/api/Call/CloseCallSubmission',
          headers: d.headers,
          payload: { submissionId: d.submissionId },
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    await blocker.query('commit');
    await blocker.end();
    const statuses = (await answers).map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const rows = await database.db.execute(sql`
      select count(*) filter (where s.closed)::int as closed,
             (select count(*) from submission_records)::int as records,
             (select count(*) from email_attachments)::int as receipts
      from call_submissions s`);
    expect((rows as unknown as { rows: unknown[] }).rows[0]).toEqual({
      closed: BURST,
      records: BURST,
      receipts: BURST * 2,
    });
  });
});
