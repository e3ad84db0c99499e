import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers } from '../../db/schema';

/**
 * The membership check remembers nothing between requests (modules/auth/caller-lookups.ts): a member
 * removed or demoted on one instance is refused at their very next request on another instance
 * that had just let them in.
 */
describe('membership changes count at the next request on every instance', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: Record<string, string>;
  let member: { headers: Record<string, string>; id: string };
  let orgId: string;

  beforeAll(async () => {
    first = await buildTestApp();
    second = await buildSecondApp(first);
    const db = first.database.db;
    owner = (await signInAs(db, { email: 'owner@stale.example' })).headers;
    const m = await signInAs(db, { email: 'member@stale.example' });
    member = { headers: m.headers, id: m.user.id };
    orgId = await createOrganization(first.app, owner, 'Stale Org');
    // Joined as an editor (the invitation's path is members.test.ts).
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: member.id, role: 'editor' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const askSecond = () =>
    second.app.inject({
      method: 'GET',
      url: '/api/Call/GetCallListUser',
      headers: { ...member.headers, 'x-organization-id': orgId },
    });

  it('removed on the first instance: 403 on the second at once, though it let them in a moment ago', async () => {
    for (let i = 0; i < 3; i++) expect((await askSecond()).statusCode).toBe(200);
    const removed = await first.app.inject({
      method: 'POST',
      url: '/api/Organization/RemoveMember',
      headers: owner,
      payload: { organizationId: orgId, userId: member.id },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const next = await askSecond();
    expect(next.statusCode).toBe(403);
    expect(next.json().messageKey).toBe('errors.organizations.notYours');
  });
});
