import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { auditLog } from '../../db/schema';

type Who = { headers: Record<string, string> };

describe('audit trail: every admin write, in its own transaction; read by admins, paged on the server', () => {
  let t: TestApp;
  let admin: Who;
  let anna: Who;
  const log = (who: Who, query = '') => t.app.inject({ url: `/api/Audit/GetAuditLog${query}`, headers: who.headers });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('records calls, call types, step types, submissions reopened and deleted; not applicants', async () => {
    const call = await createOpenCall(t.app, admin.headers, { filterEmails: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers);
    const sub = await submitToCall(t.app, anna.headers, org, call);
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: admin.headers });
    expect((await post(`/api/CallSubmission/ReOpenSubmission?submissionId=${sub}`)).statusCode).toBe(204);
    expect((await post(`/api/CallSubmission/DeleteSubmission?submissionId=${sub}`)).statusCode).toBe(204);
    const stepType = await t.app.inject({
      method: 'POST',
      url: '/api/Step/CreateStepType',
      headers: admin.headers,
      payload: { name: 'video' },
    });
    expect(stepType.statusCode).toBe(201);
    expect((await post(`/api/Call/DeleteCall?callId=${call.id}`)).statusCode).toBe(204);

    const rows = await t.database.db.select().from(auditLog);
    expect(rows.map((r) => r.action).sort()).toEqual(
      [
        'call.create',
        'call.update',
        'call.delete',
        'callType.create',
        'stepType.create',
        'submission.delete',
        'submission.reopen',
      ].sort(),
    );
    expect(rows.every((r) => r.actorEmail === 'admin@example.org')).toBe(true);
    expect(rows.find((r) => r.action === 'submission.reopen')?.targetId).toBe(sub);
  });

  it('a refused change leaves no entry (same transaction)', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/Step/CreateStepType',
      headers: admin.headers,
      payload: { name: 'video' },
    });
    expect(dup.statusCode).toBe(409);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before);
  });

  it('lists newest first, filters by action, actor and target, pages on the server; applicants get 403', async () => {
    const all = (await log(admin)).json();
    expect(all.total).toBe(7);
    expect(all.items[0].action).toBe('call.delete');
    const page = (await log(admin, '?pageSize=4&page=2')).json();
    expect(page).toMatchObject({ total: 7, page: 2, pageSize: 4 });
    expect(page.items).toHaveLength(3);
    expect((await log(admin, '?action=call.delete')).json().items.map((i: { action: string }) => i.action)).toEqual([
      'call.delete',
    ]);
    expect((await log(admin, '?actor=ADMIN@example')).json().total).toBe(7);
    expect((await log(admin, '?actor=nobody')).json().total).toBe(0);
    const target = all.items.find((i: { action: string }) => i.action === 'submission.reopen').targetId;
    expect((await log(admin, `?targetId=${target}`)).json().total).toBe(2);
    expect(
      (await log(admin, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().total,
    ).toBe(0);
    expect((await log(anna)).statusCode).toBe(403);
  });
});
