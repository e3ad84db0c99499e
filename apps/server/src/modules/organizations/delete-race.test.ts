import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';

/**
 * Deleting an organization while a submission for it is being started used to
 * end in a foreign-key error (500). Only PostgreSQL runs two transactions at once (the embedded
 * database takes them in turn), so the race is run there: TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('organization delete racing a submission start (PostgreSQL)', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signInAs>>;
  let callId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    user = await signInAs(t.database.db, { email: 'racer@example.org' });
    callId = (await createOpenCall(t.app, admin.headers)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 204/200, 404 or 409, never 500, and leaves no submission without its organization', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const orgId = await createOrganization(t.app, user.headers, `Race ${i}`);
      const [del, start] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/Organization/DeleteOrganization?orgId=${orgId}`,
          headers: user.headers,
        }),
        t.app.inject({
          method: 'POST',
          url: '/api/Call/UpsertCallSubmission',
          headers: user.headers,
          payload: { callId, organizationId: orgId },
        }),
      ]);
      seen.add(`${del.statusCode}/${start.statusCode}`);
      expect([204, 409], del.body).toContain(del.statusCode);
      expect([200, 404], start.body).toContain(start.statusCode);
      // Exactly one of the two won.
      expect(del.statusCode === 204).toBe(start.statusCode === 404);
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
