import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { callSubmissions, calls, stepResults } from '../../db/schema';
import { StepCache } from '../calls/step-cache';
import { writeAnswerIfWritable } from './guarded-write';

/**
 * The autosave's one statement carries every rule of a write; each case below
 * breaks exactly one of them and must store nothing.
 */
describe('writeAnswerIfWritable: one statement, every rule', () => {
  let t: TestApp;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let otherCall: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;
  let callTypeId: string;
  let otherCallTypeId: string;
  const content = (answer: string) => JSON.stringify({ answer });

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    call = await createOpenCall(t.app, admin.headers);
    otherCall = await createOpenCall(t.app, admin.headers, { name: 'Altro bando' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': org },
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
    const steps = new StepCache(t.database.db);
    callTypeId = (await steps.get(call.textStepId))?.callTypeId ?? '';
    otherCallTypeId = (await steps.get(otherCall.textStepId))?.callTypeId ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const write = (overrides: Partial<Parameters<typeof writeAnswerIfWritable>[1]> = {}, now?: Date) =>
    writeAnswerIfWritable(
      t.database.db,
      {
        submissionId,
        stepId: call.textStepId,
        callTypeId,
        user: { id: anna.user.id, email: anna.user.email },
        content: content('x'),
        score: null,
        basedOn: 0,
        ...overrides,
      },
      now,
    );
  const stored = async () =>
    (await t.database.db.select().from(stepResults).where(eq(stepResults.callSubmissionId, submissionId)))[0];

  it('inserts the first answer at version 1 and refuses a second "first" write', async () => {
    const first = await write({ content: content('prima') });
    expect(first?.row.version).toBe(1);
    expect(await write({ content: content('doppia'), basedOn: 0 })).toBeNull();
    expect((await stored())?.content).toBe(content('prima'));
  });

  it('updates only from the stored version, and only for its owner, in its call, while open', async () => {
    expect((await write({ content: content('seconda'), basedOn: 1 }))?.row.version).toBe(2);
    const refusals = [
      await write({ content: content('vecchia'), basedOn: 1 }), // stale
      await write({
        content: content('estranea'),
        basedOn: 2,
        user: { id: crypto.randomUUID(), email: anna.user.email },
      }),
      await write({ content: content('altro tipo'), basedOn: 2, callTypeId: otherCallTypeId }), // not this call's type
      await write({ content: content('tardi'), basedOn: 2 }, new Date(Date.now() + 60 * 24 * 3600 * 1000)), // deadline
    ];
    expect(refusals).toEqual([null, null, null, null]);
    expect(await stored()).toMatchObject({ content: content('seconda'), version: 2 });
  });

  it("follows the call's e-mail filter, as written by the domain rule (trimmed, any case)", async () => {
    await t.database.db
      .update(calls)
      .set({ isUserFilterEnable: true, userFilterEmail: 'someone@else.example' })
      .where(eq(calls.id, call.id));
    expect(await write({ content: content('filtrata'), basedOn: 2 })).toBeNull();
    await t.database.db
      .update(calls)
      .set({ userFilterEmail: 'someone@else.example,  ANNA@Ente.Example ' })
      .where(eq(calls.id, call.id));
    expect((await write({ content: content('ammessa'), basedOn: 2 }))?.row.version).toBe(3);
    await t.database.db.update(calls).set({ isUserFilterEnable: false }).where(eq(calls.id, call.id));
  });

  it('stores nothing once the submission is closed', async () => {
    await t.database.db.update(callSubmissions).set({ closed: true }).where(eq(callSubmissions.id, submissionId));
    expect(await write({ content: content('dopo la chiusura'), basedOn: 3 })).toBeNull();
    expect((await stored())?.content).toBe(content('ammessa'));
  });
});
