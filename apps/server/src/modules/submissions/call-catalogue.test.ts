import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eventually } from '../../../test/eventually';
import { createOpenCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls } from '../../db/schema';
import { callCatalogue } from './call-catalogue';
import { listCallsForUser } from './user-call-list';

const DAY = 86_400_000;

/**
 * The applicant list is served from an in-memory copy of the calls. The copy follows
 * whoever changed the calls (this instance's admin at once; another instance or plain SQL as soon
 * as the database's notification arrives, milliseconds on PostgreSQL, the same query on the embedded
 * database), and the order follows the clock across opening and closing moments.
 */
describe('call catalogue (the applicant list served from memory)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let callId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    callId = (await createOpenCall(t.app, admin.headers, { name: 'Bando originale', closesInDays: 10 })).id;
  });
  afterAll(() => t?.close());

  const names = async () =>
    (
      (await t.app.inject({ url: '/api/Call/GetCallListUser', headers: anna.headers })).json() as { name: string }[]
    ).map((c) => c.name);

  it('shows a change made behind its back (another instance, plain SQL) once the database says so', async () => {
    expect(await names()).toEqual(['Bando originale']);
    // No code of this process is told: only the trigger's version and notification move.
    await t.database.db.execute(sql`update calls set name = 'Bando rinominato' where id = ${callId}`);
    await eventually(names, ['Bando rinominato']);
    await t.database.db.execute(sql`update calls set is_user_filter_enable = true, user_filter_email = 'bob@x.it'`);
    await eventually(names, []);
    await t.database.db.execute(sql`update calls set user_filter_email = 'bob@x.it, ANNA@ente.example'`);
    await eventually(names, ['Bando rinominato']);
    await t.database.db.execute(sql`update calls set draft = true`);
    await eventually(names, []);
    await t.database.db.execute(sql`update calls set draft = false, is_user_filter_enable = false`);
    await eventually(names, ['Bando rinominato']);
  });

  it('a call added or deleted shows at once', async () => {
    const added = await createOpenCall(t.app, admin.headers, { name: 'Secondo bando', closesInDays: 5 });
    expect(await names()).toEqual(['Secondo bando', 'Bando rinominato']);
    await t.database.db.delete(calls).where(eq(calls.id, added.id));
    await eventually(names, ['Bando rinominato']);
  });

  it('reorders when the clock passes an opening or a closing moment', async () => {
    const soon = await createOpenCall(t.app, admin.headers, { name: 'Chiude presto', closesInDays: 1 });
    const later = await createOpenCall(t.app, admin.headers, { name: 'Apre dopo', opensInDays: 2, closesInDays: 20 });
    const user = { id: anna.user.id, email: anna.user.email, roles: [], isAdmin: false, sessionId: 'test' };
    const order = async (at: number) =>
      (await listCallsForUser(t.database.db, user, null, {}, new Date(at))).items.map((c) => c.name);
    const now = Date.now();
    expect(await order(now)).toEqual(['Chiude presto', 'Bando rinominato', 'Apre dopo']);
    // Two days on: "Chiude presto" has closed, "Apre dopo" has opened (and closes after the other).
    expect(await order(now + 2 * DAY + 60_000)).toEqual(['Bando rinominato', 'Apre dopo', 'Chiude presto']);
    // And back: the order is the clock's, not the last one computed.
    expect(await order(now)).toEqual(['Chiude presto', 'Bando rinominato', 'Apre dopo']);
    // A request that waited a moment (its organization's state) while another sorted for a later
    // moment gets that order: sorting again for its own would drop every kept page of the list.
    const catalogue = callCatalogue(t.database.db);
    const sorted = await catalogue.ordered(0, now + 2 * DAY + 60_000);
    expect((await catalogue.ordered(0, now + 2 * DAY + 59_500)).serial).toBe(sorted.serial);
    expect((await catalogue.ordered(0, now)).serial).toBeGreaterThan(sorted.serial);
    await t.database.db.delete(calls).where(eq(calls.id, soon.id));
    await t.database.db.delete(calls).where(eq(calls.id, later.id));
  });
});
