import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls, files } from '../../db/schema';
import { createFileStorage } from '../files/storage';
import { runRetention } from './retention';

const DAY = 24 * 60 * 60 * 1000;

describe('per-call retention', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submitted: string;
  let draft: string;
  let closingAt: Date;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await signInAs(t.database.db, { email: 'admin@impact-calls.test', roles: ['admin'] })).headers;
    const anna = await signInAs(t.database.db, { email: 'anna@example.org' });
    const bruno = await signInAs(t.database.db, { email: 'bruno@example.org' });
    call = await createOpenCall(t.app, admin);
    submitted = await submitToCall(t.app, anna.headers, await createOrganization(t.app, anna.headers), call);
    const brunoOrg = await createOrganization(t.app, bruno.headers);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...bruno.headers, 'x-organization-id': brunoOrg },
      payload: { callId: call.id },
    });
    draft = started.json().id;
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id));
    closingAt = row?.closingAt ?? new Date();
  });
  afterAll(async () => {
    await t.close();
  });

  const saveRetention = async (extra: Record<string, unknown>) => {
    const current = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin })
    ).json();
    return t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpdateCall',
      headers: admin,
      payload: {
        id: call.id,
        name: current.name,
        description: current.description,
        openingAt: current.openingAt,
        closingAt: current.closingAt,
        callTypeId: current.callTypeId,
        ...extra,
      },
    });
  };
  const exists = async (id: string) =>
    (await t.database.db.select().from(callSubmissions).where(eq(callSubmissions.id, id))).length === 1;
  const run = (now: Date) => runRetention(t.database.db, createFileStorage(t.database.db, t.config.fileStorage), now);

  it('refuses a retention out of range with a translated error and changes nothing', async () => {
    for (const bad of [{ draftRetentionMonths: 0 }, { retentionYears: 51 }, { draftRetentionMonths: 1.5 }]) {
      const res = await saveRetention(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors[0].messageKey).toBe('errors.calls.retentionRange');
    }
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row).toMatchObject({ draftRetentionMonths: null, retentionYears: null });
  });

  it('keeps everything while the call has no retention', async () => {
    expect(await run(new Date(closingAt.getTime() + 100 * 365 * DAY))).toMatchObject({
      ran: true,
      draftsDeleted: 0,
      submissionsDeleted: 0,
    });
    expect(await exists(draft)).toBe(true);
  });

  it('a closing date moved into the past does not erase applications changed since', async () => {
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id));
    // Retention set and the closing date mistyped ten years back, straight in the table.
    await t.database.db
      .update(calls)
      .set({ closingAt: new Date(Date.now() - 3650 * DAY), retentionYears: 1, draftRetentionMonths: 1 })
      .where(eq(calls.id, call.id));
    try {
      expect(await run(new Date())).toMatchObject({ draftsDeleted: 0, submissionsDeleted: 0 });
      expect(await exists(submitted)).toBe(true);
      expect(await exists(draft)).toBe(true);
    } finally {
      await t.database.db
        .update(calls)
        .set({ closingAt: row?.closingAt, retentionYears: null, draftRetentionMonths: null })
        .where(eq(calls.id, call.id));
    }
  });

  it('erases drafts N months after closing, submitted applications N years after', async () => {
    const saved = await saveRetention({ draftRetentionMonths: 2, retentionYears: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ draftRetentionMonths: 2, retentionYears: 3 });

    // One month after closing: too early for either.
    expect(await run(new Date(closingAt.getTime() + 31 * DAY))).toMatchObject({
      draftsDeleted: 0,
      submissionsDeleted: 0,
    });
    expect(await exists(draft)).toBe(true);

    // Past two months: the never-submitted draft goes, the submitted application stays.
    expect(await run(new Date(closingAt.getTime() + 63 * DAY))).toMatchObject({
      draftsDeleted: 1,
      submissionsDeleted: 0,
    });
    expect(await exists(draft)).toBe(false);
    expect(await exists(submitted)).toBe(true);
    // Idempotent: a second run finds nothing more.
    expect(await run(new Date(closingAt.getTime() + 64 * DAY))).toMatchObject({
      draftsDeleted: 0,
      submissionsDeleted: 0,
    });

    // Past three years: everything of the call, files included.
    expect(await run(new Date(closingAt.getTime() + 3 * 366 * DAY))).toMatchObject({ submissionsDeleted: 1 });
    expect(await exists(submitted)).toBe(false);
    expect(await t.database.db.select().from(files).where(eq(files.callSubmissionId, submitted))).toEqual([]);
  });
});
