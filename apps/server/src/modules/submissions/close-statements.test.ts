import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { executeText } from '../../db/client';
import { steps } from '../../db/schema';
import { stepsOfCallTypes } from '../calls/call-types';
import { LOAD_FOR_CLOSE, type LoadedForClose } from './close-statements';

/** Submit reads the call's steps in its own statement: they must be the steps every other reader sees. */
describe("Submit's read of the call's steps", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each step exactly as stepsOfCallTypes does, in the same order', async () => {
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const anna = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, anna.headers, 'Aurora');
    const call = await createOpenCall(t.app, admin.headers);
    // Every field filled, so a column left out or misnamed in the statement shows.
    await t.database.db
      .update(steps)
      .set({
        expectedAnswers: '["a"]',
        subSteps: [{ name: 'parte' }],
        translations: { en: { name: 'Upload', description: 'Files' } },
      })
      .where(eq(steps.id, call.uploadStepId));
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': org },
      payload: { callId: call.id },
    });
    const [loaded] = await executeText<LoadedForClose>(t.database.db, LOAD_FOR_CLOSE.name, LOAD_FOR_CLOSE.text, [
      started.json().id,
      anna.user.id,
    ]);
    const read = typeof loaded?.steps === 'string' ? JSON.parse(loaded.steps) : loaded?.steps;
    const expected = (await stepsOfCallTypes(t.database.db, [loaded?.call_type_id ?? ''])).get(
      loaded?.call_type_id ?? '',
    );
    expect(expected?.length).toBe(2);
    expect(read).toEqual(expected);
  });
});
