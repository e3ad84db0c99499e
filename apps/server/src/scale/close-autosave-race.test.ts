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
import { type Database, openDatabase, rows } from '../db/client';

/**
 * An autosave and a Submit of the same application racing: whichever takes the submission's row
 * first, no answer is lost. An autosave that was answered 200 is in the frozen record; one that
 * came after the closing is refused (409) and changes nothing. The order is forced: another
 * session holds the row while the first, then the second, queue behind it (docs/decisions/0026).
 */
describe.skipIf(!POSTGRES_URL)('an autosave racing Submit', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let stepId: string;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let callId: string;

  beforeAll(async () => {
    created = await createTestDatabase({ from: 'template' });
    database = await openDatabase({ kind: 'postgres', url: created.url ?? '', poolSize: 5 });
    app = await buildApp(loadConfig(TEST_ENV), database);
    await app.ready();
    admin = await signInAs(database.db, { email: 'admin@race.example', roles: ['admin'] });
    const call = await createCallWithSteps(app, admin.headers, [
      { name: 'Progetto', type: 'text', content: JSON.stringify({ question: '<p>Il progetto</p>', maxLength: 200 }) },
    ]);
    callId = call.id;
    stepId = call.stepIds[0] ?? '';
    // An endpoint subscribed to Submit's event: a round that did not close must record none.
    await database.db.execute(
      sql`insert into webhook_endpoints (url, secret, events) values ('https://hooks.race.example/in', 'segreto-di-prova-abbastanza-lungo', array['submission.submitted'])`,
    );
    const person = await signInAs(database.db, { email: 'applicant@race.example' });
    headers = { ...person.headers, 'x-organization-id': await createOrganization(app, person.headers) };
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await created?.drop();
  });

  /** A fresh application of the call with its answer saved once (version 1). */
  async function draft(): Promise<string> {
    const organizationId = await createOrganization(app, headers);
    const own = { ...headers, 'x-organization-id': organizationId };
    const started = await app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: own,
      payload: { callId },
    });
    const submissionId: string = started.json().id;
    const saved = await save(submissionId, 'Prima', 0, own);
    expect(saved.statusCode, saved.body).toBe(200);
    headers = own;
    return submissionId;
  }

  const save = (submissionId: string, answer: string, version: number, h = headers) =>
    app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: h,
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify({ answer }), version },
    });
  const submit = (submissionId: string) =>
    app.inject({ method: 'POST', url: '/api/Call/CloseCallSubmission', headers, payload: { submissionId } });

  /** Sessions of this database waiting on a lock. */
  async function waiting(): Promise<number> {
    const [row] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return row?.n ?? 0;
  }
  async function untilWaiting(n: number) {
    for (let i = 0; i < 1000 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await waiting()).toBe(n);
  }

  /** Runs `first`, then `second`, each queued behind another session holding the submission's row. */
  async function raced<A, B>(submissionId: string, first: () => Promise<A>, second: () => Promise<B>) {
    const blocker = new pg.Client({ connectionString: created.url ?? '' });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from call_submissions where id = $1 for update', [submissionId]);
      const a = first();
      await untilWaiting(1);
      const b = second();
      await untilWaiting(2);
      await blocker.query('rollback');
      return [await a, await b] as const;
    } finally {
      await blocker.end();
    }
  }

  async function stored(submissionId: string) {
    const [row] = await rows<{ answer: string; record: string | null; records: number; events: number }>(
      database.db,
      sql`select (select content from step_results where call_submission_id = s.id) as answer,
            (select count(*)::int from webhook_deliveries d where d.payload::jsonb -> 'data' ->> 'submissionId' = s.id::text) as events,
            (select data::text from submission_records where call_submission_id = s.id) as record,
            (select count(*)::int from submission_records where call_submission_id = s.id) as records
          from call_submissions s where s.id = ${submissionId}`,
    );
    return row;
  }

  it('an autosave that gets the row first is in the record Submit freezes', async () => {
    const submissionId = await draft();
    const [saved, closed] = await raced(
      submissionId,
      () => save(submissionId, 'Seconda', 1),
      () => submit(submissionId),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await stored(submissionId);
    expect(after?.answer).toContain('Seconda');
    expect(after?.records).toBe(1);
    expect(after?.record).toContain('Seconda');
    expect(after?.record).not.toContain('Prima');
    expect(after?.events).toBe(1);
  });

  it('an autosave that comes after the closing is refused and changes nothing', async () => {
    const submissionId = await draft();
    const [closed, saved] = await raced(
      submissionId,
      () => submit(submissionId),
      () => save(submissionId, 'Seconda', 1),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(saved.statusCode).toBe(409);
    const after = await stored(submissionId);
    expect(after?.answer).toContain('Prima');
    expect(after?.record).toContain('Prima');
    expect(after?.record).not.toContain('Seconda');
    expect(after?.events).toBe(1);
  });
});
