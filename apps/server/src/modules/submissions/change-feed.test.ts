import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eventually } from '../../../test/eventually';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { POSTGRES_URL } from '../../../test/postgres-only';
import { signInAs } from '../../../test/sign-in';
import { CHANGE_FEED_APPLICATION } from '../../db/change-feed';
import { callSubmissions } from '../../db/schema';

type Card = { id: string; submissionId: string; submissionClosed: boolean };

/**
 * The applicant list keeps an organization's submissions in memory while the database's
 * change feed (LISTEN/NOTIFY, migration 0024) is live. Whatever changes them, through this server
 * or behind its back, must show in the list; and nothing is trusted while the feed is down.
 */
describe('the applicant list follows the change feed', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let org: string;
  let callId: string;
  let userId: string;
  let admin: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    userId = anna.user.id;
    org = await createOrganization(t.app, anna.headers, 'Aurora');
    callId = (await createOpenCall(t.app, admin.headers, { name: 'Bando', closesInDays: 10 })).id;
  });
  afterAll(() => t?.close());

  // The whole list and the first page (kept as sent, call-list-pages.ts) must tell the same.
  const card = async (): Promise<Card | undefined> => {
    const headers = { ...anna.headers, 'x-organization-id': org };
    const [whole, page] = await Promise.all(
      ['/api/Call/GetCallListUser', '/api/Call/GetCallListUser?page=1&pageSize=20'].map(async (url) =>
        ((await t.app.inject({ url, headers })).json() as Card[]).find((c) => c.id === callId),
      ),
    );
    expect(page).toEqual(whole);
    return page;
  };
  const submissionInDb = async () =>
    (
      await t.database.db
        .select({ id: callSubmissions.id })
        .from(callSubmissions)
        .where(eq(callSubmissions.organizationId, org))
    )[0]?.id;

  it("shows this server's own start and close at once", async () => {
    expect((await card())?.submissionId).toBe('00000000-0000-0000-0000-000000000000');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': org },
      payload: { callId },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await card())?.submissionId).toBe(started.json().id);
  });

  it('shows a change made behind its back (plain SQL, as another instance would)', async () => {
    await t.database.db.execute(sql`update call_submissions set closed = true where organization_id = ${org}`);
    await eventually(async () => (await card())?.submissionClosed, true);
    await t.database.db.execute(sql`delete from call_submissions where organization_id = ${org}`);
    await eventually(async () => (await card())?.submissionId, '00000000-0000-0000-0000-000000000000');
    await t.database.db.execute(
      sql`insert into call_submissions (call_id, organization_id, created_by_user_id) values (${callId}, ${org}, ${userId})`,
    );
    const id = await submissionInDb();
    await eventually(async () => (await card())?.submissionId, id);
  });

  it("keeps the admin list's total right when submissions come and go behind its back", async () => {
    const total = async () =>
      Number(
        (await t.app.inject({ url: '/api/Call/GetSubmissions?limit=1', headers: admin.headers })).headers[
          'x-total-count'
        ],
      );
    expect(await total()).toBe(1);
    await t.database.db.execute(sql`delete from call_submissions where organization_id = ${org}`);
    await eventually(total, 0);
    await t.database.db.execute(
      sql`insert into call_submissions (call_id, organization_id, created_by_user_id) values (${callId}, ${org}, ${userId})`,
    );
    await eventually(total, 1);
    // A search's total is kept too, and forgotten when a name it matches changes.
    const found = async () =>
      Number(
        (await t.app.inject({ url: '/api/Call/GetSubmissions?limit=1&search=Aurora', headers: admin.headers })).headers[
          'x-total-count'
        ],
      );
    expect(await found()).toBe(1);
    await t.database.db.execute(sql`update organizations set name = 'Borealis' where id = ${org}`);
    await eventually(found, 0);
    await t.database.db.execute(sql`update organizations set name = 'Aurora' where id = ${org}`);
    await eventually(found, 1);
  });

  it('a session revoked or an organization deleted behind its back is refused once the database says so', async () => {
    const bea = await signInAs(t.database.db, { email: 'bea@ente.example' });
    const spare = await createOrganization(t.app, bea.headers, 'Seconda');
    const calls = () =>
      t.app.inject({ url: '/api/Call/GetCallListUser', headers: { ...bea.headers, 'x-organization-id': spare } });
    expect((await calls()).statusCode).toBe(200);
    // Deleted by hand (as another instance would): the ownership kept in memory must go.
    await t.database.db.execute(sql`delete from organizations where id = ${spare}`);
    await eventually(async () => (await calls()).statusCode, 403);
    const list = () => t.app.inject({ url: '/api/Call/GetCallListUser', headers: bea.headers });
    expect((await list()).statusCode).toBe(200);
    // Signed out elsewhere: the "still signed in" kept in memory (minutes, with a live feed) must go.
    await t.database.db.execute(sql`update refresh_tokens set revoked_at = now() where user_id = ${bea.user.id}`);
    await eventually(async () => (await list()).statusCode, 401, 2_000);
  });

  const databaseName = async () =>
    (await t.database.db.select({ name: sql<string>`current_database()` }).from(sql`(select 1) as one`))[0]?.name;

  it.skipIf(!POSTGRES_URL)(
    'while the feed is down every list reads the database, and the feed comes back',
    async () => {
      expect(t.database.changes.live).toBe(true);
      const admin = new pg.Client({ connectionString: POSTGRES_URL ?? '' });
      await admin.connect();
      try {
        // The listening session, cut as a network failure or a database restart would.
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = $2',
          [CHANGE_FEED_APPLICATION, await databaseName()],
        );
        await eventually(async () => t.database.changes.live, false);
        await t.database.db.execute(sql`update call_submissions set closed = false where organization_id = ${org}`);
        // No notification can arrive now: only reading the database shows it, in the very next list.
        expect((await card())?.submissionClosed).toBe(false);
        await eventually(async () => t.database.changes.live, true, 5_000);
        await t.database.db.execute(sql`update call_submissions set closed = true where organization_id = ${org}`);
        await eventually(async () => (await card())?.submissionClosed, true);
      } finally {
        await admin.end();
      }
    },
  );
});
