import { emailAllowedByFilter } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { calls } from '../../db/schema';
import { callListPage } from './user-call-list';

const DAY = 86_400_000;

/**
 * The list reads each rank (open, not open yet, closed) in its own order and stops at the end of
 * the page: the pages, joined, must be the whole list, and the whole list the order the rule
 * states, ties on the closing moment included.
 */
describe('the call list’s order and paging against the rule', () => {
  let t: TestApp;
  const at = Date.now();
  const anna = { id: '', email: 'Anna@Ente.example', roles: [], isAdmin: false, sessionId: 'test' };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    const { id } = await createOpenCall(t.app, admin.headers, { name: 'seed' });
    const [seed] = await t.database.db.select({ callTypeId: calls.callTypeId }).from(calls);
    // 36 calls: opening and closing on few distinct moments (many ties), some drafts, some filtered.
    await t.database.db.insert(calls).values(
      Array.from({ length: 36 }, (_, i) => ({
        name: `Bando ${i}`,
        openingAt: new Date(at + ((i % 3) - 1) * 10 * DAY),
        closingAt: new Date(at + ((i % 4) - 2) * 7 * DAY + DAY),
        callTypeId: seed?.callTypeId ?? '',
        draft: i % 11 === 5,
        isUserFilterEnable: i % 5 === 0,
        userFilterEmail: i % 10 === 0 ? ' anna@ente.example ,x@y.z' : 'x@y.z',
      })),
    );
    expect(id).toBeTruthy();
  });
  afterAll(() => t?.close());

  // Now (all three ranks), before every opening (all upcoming), after every closing (all closed).
  it.each([
    ['now', 0],
    ['before every opening', -100 * DAY],
    ['after every closing', 100 * DAY],
  ])('pages joined are the whole list, and the whole list follows the rule: %s', async (_when, shift) => {
    const moment = at + shift;
    const rows = await t.database.db.select().from(calls);
    const rank = (r: (typeof rows)[number]) =>
      r.closingAt.getTime() < moment ? 2 : r.openingAt.getTime() > moment ? 1 : 0;
    const expected = rows
      .filter((r) => !r.draft && emailAllowedByFilter(r, anna.email))
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          (rank(a) === 2
            ? b.closingAt.getTime() - a.closingAt.getTime()
            : a.closingAt.getTime() - b.closingAt.getTime()) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .map((r) => r.id);
    const whole = await callListPage(t.database.db, anna, null, 'it', {}, new Date(moment));
    expect(whole.items.map((c) => c.id)).toEqual(expected);
    expect(whole.total).toBe(expected.length);
    for (const pageSize of [1, 4, 7, 20]) {
      const joined: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page++) {
        const part = await callListPage(t.database.db, anna, null, 'it', { page, pageSize }, new Date(moment));
        expect(part.total).toBe(expected.length);
        joined.push(...part.items.map((c) => c.id));
      }
      expect(joined, `pages of ${pageSize}`).toEqual(expected);
    }
  });
});
