import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { steps } from '../../db/schema';
import { STEP_CACHE_MAX, STEP_CACHE_MS, StepCache } from './step-cache';

/** Each way a kept step definition could go stale: a save here, a save elsewhere, a read overtaken. */
describe('StepCache', () => {
  let t: TestApp;
  let stepId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    stepId = (await createOpenCall(t.app, admin.headers)).textStepId;
  });
  afterAll(() => t?.close());

  const rename = (name: string) => t.database.db.update(steps).set({ name }).where(eq(steps.id, stepId));

  it('reads a step once, and an unknown one every time', async () => {
    const cache = new StepCache(t.database.db);
    await rename('Uno');
    expect((await cache.get(stepId))?.step.name).toBe('Uno');
    expect(await cache.get('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(STEP_CACHE_MS).toBe(5_000);
    expect(STEP_CACHE_MAX).toBe(10_000);
  });

  it('reads afresh once this instance has saved a call type', async () => {
    const cache = new StepCache(t.database.db);
    await rename('Prima');
    expect((await cache.get(stepId))?.step.name).toBe('Prima');
    await rename('Dopo');
    cache.forget();
    expect((await cache.get(stepId))?.step.name).toBe('Dopo');
  });

  it('sees a save on another instance once its time to live has passed', async () => {
    const cache = new StepCache(t.database.db, 200);
    await rename('Prima');
    expect((await cache.get(stepId))?.step.name).toBe('Prima');
    await rename('Dopo');
    await new Promise((r) => setTimeout(r, 250));
    expect((await cache.get(stepId))?.step.name).toBe('Dopo');
  });

  it('does not keep a read that a save on this instance overtook', async () => {
    const cache = new StepCache(t.database.db);
    await rename('Prima');
    const reading = cache.get(stepId);
    await rename('Dopo');
    cache.forget();
    await reading;
    expect((await cache.get(stepId))?.step.name).toBe('Dopo');
  });

  it("the app's autosave applies a call type saved through this instance at once", async () => {
    const admin = await signInAs(t.database.db, { email: 'admin2@ente.example', roles: ['admin'] });
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    const call = await createOpenCall(t.app, admin.headers, { name: 'Limiti' });
    const headers = { ...anna.headers, 'x-organization-id': org };
    const submissionId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers,
        payload: { callId: call.id },
      })
    ).json().id;
    const write = (answer: string, version: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers,
        payload: {
          callSubmissionId: submissionId,
          stepId: call.textStepId,
          content: JSON.stringify({ answer }),
          version,
        },
      });
    // Kept by the app's step cache now.
    expect((await write('dieci lettere', 0)).statusCode).toBe(200);
    const full = (
      await t.app.inject({ url: `/api/Call/GetCallByIdAdmin?callId=${call.id}`, headers: admin.headers })
    ).json();
    const text = full.steps.find((s: { id: string }) => s.id === call.textStepId);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/Call/UpsertCallType',
      headers: admin.headers,
      payload: {
        id: full.callTypeId,
        name: 'Type',
        description: '',
        steps: full.steps.map((s: { id: string }) =>
          s.id === text.id ? { ...text, content: JSON.stringify({ ...JSON.parse(text.content), maxLength: 5 }) } : s,
        ),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await write('dieci lettere', 1)).statusCode).toBe(400);
  });
});
