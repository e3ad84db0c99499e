import zlib from 'node:zlib';
import { emailAllowedByFilter, ZSubmissionListItem, ZUserCallListItem } from '@impact/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eventually } from '../../../test/eventually';
import { createOpenCall, organizationForm } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import {
  callSubmissions,
  calls,
  organizations,
  reviewDecisions,
  steps,
  submissionChangeRequests,
} from '../../db/schema';
import { allSubmissionsJson } from './admin-service';
import { callListPage } from './user-call-list';

const DAY = 86_400_000;

/** The applicant call list and the admin submissions list page in the database. */
describe('paged lists (SPEC 7 GetCallListUser, GetSubmissions)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let callTypeId: string;
  let annaOrg: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(t.database.db, { email: 'anna@ente.example', firstName: 'Anna', lastName: 'Rossi' });
    const seeded = await createOpenCall(t.app, admin.headers, { name: 'Seed', closesInDays: 400 });
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, seeded.id));
    callTypeId = row?.callTypeId ?? '';
    await t.database.db.delete(calls).where(eq(calls.id, seeded.id));
    const [org] = await t.database.db
      .insert(organizations)
      .values({ ...orgRow('Aurora'), ownerUserId: anna.user.id })
      .returning();
    annaOrg = org?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  function orgRow(name: string) {
    const f = organizationForm(name);
    return {
      name: f.name,
      regNumber: f.reg_number,
      streetName: f.street_name,
      cityName: f.city_name,
      country: f.country,
      contactName: f.contact_name,
      contactSurname: f.contact_surname,
      contactRole: f.contact_role,
      contactEmail: f.contact_email,
      personalData: true,
    };
  }

  const insertCall = async (name: string, opensInDays: number, closesInDays: number, filter?: string) => {
    const [row] = await t.database.db
      .insert(calls)
      .values({
        name,
        openingAt: new Date(Date.now() + opensInDays * DAY),
        closingAt: new Date(Date.now() + closesInDays * DAY),
        callTypeId,
        isUserFilterEnable: filter !== undefined,
        userFilterEmail: filter ?? '',
      })
      .returning();
    return row?.id ?? '';
  };
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

  describe('GetCallListUser', () => {
    beforeAll(async () => {
      await insertCall('closed long ago', -60, -30);
      await insertCall('closed yesterday', -30, -1);
      await insertCall('opens next week', 7, 40);
      await insertCall('open, closes in 20 days', -1, 20);
      await insertCall('open, closes tomorrow', -10, 1);
      await insertCall('reserved to others', -1, 2, 'eve@x.org');
      await insertCall('reserved to anna', -1, 3, ' x@y.org, ANNA@ente.example ');
    });

    it('open calls first (closing soonest first), then upcoming, then closed (latest first); no steps', async () => {
      const res = await get('/api/Call/GetCallListUser', { ...anna.headers, 'x-organization-id': annaOrg });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('6');
      const list = z.array(ZUserCallListItem.strict()).parse(res.json());
      expect(list.map((c) => c.name)).toEqual([
        'open, closes tomorrow',
        'reserved to anna',
        'open, closes in 20 days',
        'opens next week',
        'closed yesterday',
        'closed long ago',
      ]);
      expect(list.every((c) => !('userFilterEmail' in c))).toBe(true);
    });

    it('pages with page/pageSize and counts every visible call', async () => {
      const first = await get('/api/Call/GetCallListUser?pageSize=4', anna.headers);
      const second = await get('/api/Call/GetCallListUser?page=2&pageSize=4', anna.headers);
      const beyond = await get('/api/Call/GetCallListUser?page=9&pageSize=4', anna.headers);
      expect(first.json().map((c: { name: string }) => c.name)).toHaveLength(4);
      expect(second.json().map((c: { name: string }) => c.name)).toEqual(['closed yesterday', 'closed long ago']);
      expect(beyond.json()).toEqual([]);
      for (const res of [first, second, beyond]) expect(res.headers['x-total-count']).toBe('6');
      expect((await get('/api/Call/GetCallListUser?pageSize=1000', anna.headers)).statusCode).toBe(400);
    });

    it('keeps each page as sent for its own address only, and sends it compressed when asked', async () => {
      const bruno = await signInAs(t.database.db, { email: 'bruno@ente.example' });
      const url = '/api/Call/GetCallListUser?page=1&pageSize=20';
      const names = async (headers: Record<string, string>) =>
        (await get(url, headers)).json().map((c: { name: string }) => c.name);
      // Twice each: the second answer is read again, as the first (nothing is kept between requests).
      for (let i = 0; i < 2; i++) {
        expect(await names(anna.headers)).toContain('reserved to anna');
        expect(await names(bruno.headers)).not.toContain('reserved to anna');
      }
      const plain = await get(url, anna.headers);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      for (let i = 0; i < 2; i++) {
        const br = await get(url, { ...anna.headers, 'accept-encoding': 'gzip, deflate, br' });
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers['x-total-count']).toBe('6');
        expect(br.headers.vary).toMatch(/accept-encoding/i);
        expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
        const gz = await get(url, { ...anna.headers, 'accept-encoding': 'gzip' });
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      }
    });

    it('carries the selected organization’s submission', async () => {
      const list = (await get('/api/Call/GetCallListUser', anna.headers)).json();
      const callId = list[0].id;
      const [sub] = await t.database.db
        .insert(callSubmissions)
        .values({ callId, organizationId: annaOrg, createdByUserId: anna.user.id, closed: true })
        .returning();
      // Inserted behind the server's back: the list reads it on the next request.
      const withOrg = async () => {
        const [first] = (
          await get('/api/Call/GetCallListUser', { ...anna.headers, 'x-organization-id': annaOrg })
        ).json();
        return { submissionId: first.submissionId, submissionClosed: first.submissionClosed };
      };
      await eventually(withOrg, { submissionId: sub?.id, submissionClosed: true });
      const withoutOrg = (await get('/api/Call/GetCallListUser', anna.headers)).json();
      expect(withoutOrg[0]).toMatchObject({ submissionId: '00000000-0000-0000-0000-000000000000' });
      await t.database.db.delete(callSubmissions).where(eq(callSubmissions.id, sub?.id ?? ''));
    });

    it('the list’s e-mail filter (in SQL) agrees with the domain rule', async () => {
      const filters = [
        '',
        'anna@ente.example',
        ' Anna@Ente.example ,b@c.d',
        ',,',
        'annaXente.example',
        'b@c.d, , anna@ente.example,',
      ];
      const emails = ['anna@ente.example', ' ANNA@ente.example ', 'b@c.d', 'annax@ente.example'];
      const probe = await insertCall('filter probe', -1, 5);
      for (const isUserFilterEnable of [true, false]) {
        for (const userFilterEmail of filters) {
          await t.database.db.update(calls).set({ isUserFilterEnable, userFilterEmail }).where(eq(calls.id, probe));
          for (const email of emails) {
            const user = { id: anna.user.id, email, roles: [], isAdmin: false, sessionId: 'test' };
            const { items } = await callListPage(t.database.db, user, null, 'it');
            const filter = { isUserFilterEnable, userFilterEmail };
            expect(
              items.some((c) => c.id === probe),
              `${email} in "${userFilterEmail}"`,
            ).toBe(emailAllowedByFilter(filter, email));
          }
        }
      }
      await t.database.db.delete(calls).where(eq(calls.id, probe));
    });
  });

  describe('GetSubmissions', () => {
    let callA: string;
    let callB: string;
    const ids: string[] = [];

    beforeAll(async () => {
      callA = await insertCall('Call A', -5, 5);
      callB = await insertCall('Call B', -5, 5);
      const orgs = await t.database.db
        .insert(organizations)
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            ...orgRow(i % 3 === 0 ? `Cooperativa ${i}` : `Ente ${i}`),
            ownerUserId: anna.user.id,
          })),
        )
        .returning();
      // Same start for many rows: the id breaks the tie, so no row is skipped or repeated.
      const start = new Date('2026-03-01T10:00:00.123456Z');
      const rows = await t.database.db
        .insert(callSubmissions)
        .values(
          orgs.map((o, i) => ({
            callId: i % 2 === 0 ? callA : callB,
            organizationId: o.id,
            createdByUserId: anna.user.id,
            closed: i % 5 === 0,
            createdAt: new Date(start.getTime() + Math.floor(i / 4) * DAY),
          })),
        )
        .returning();
      ids.push(...rows.map((r) => r.id));
    });

    const page = async (query: string) => {
      const res = await get(`/api/Call/GetSubmissions?${query}`, admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      return {
        items: z.array(ZSubmissionListItem.strict()).parse(res.json()),
        total: Number(res.headers['x-total-count']),
        next: res.headers['x-next-cursor'] as string | undefined,
      };
    };

    it('walks every row once, newest first, with a total, page after page', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const p = await page(`limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(p.total).toBe(30);
        seen.push(...p.items.map((s) => s.id));
        cursor = p.next;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(5);
      expect(new Set(seen).size).toBe(30);
      expect([...seen].sort()).toEqual([...ids].sort());
      const all = await page('limit=100');
      expect(all.items.map((s) => s.id)).toEqual(seen);
      const created = all.items.map((s) => s.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
    });

    it('filters by call, status, organization search and dates in the database', async () => {
      const a = await page(`callId=${callA}&limit=50`);
      expect(a.total).toBe(15);
      expect(a.items.every((s) => s.callId === callA)).toBe(true);
      const closed = await page('closed=true&limit=50');
      expect(closed.total).toBe(6);
      expect(closed.items.every((s) => s.closed)).toBe(true);
      // Call and state totals come from the report tallies: they must equal the rows.
      for (const query of [`callId=${callA}&closed=true`, `callId=${callB}&closed=false`, 'closed=false']) {
        const p = await page(`${query}&limit=100`);
        expect(p.total, query).toBe(p.items.length);
      }
      expect((await page(`callId=${callA}&closed=true&limit=100`)).total).toBe(3);
      const coop = await page('search=cooperATIVA&limit=3');
      expect(coop.total).toBe(10);
      expect(coop.items).toHaveLength(3);
      expect(coop.items.every((s) => s.organizationName.startsWith('Cooperativa'))).toBe(true);
      expect((await page('search=anna%20rossi&limit=1')).total).toBe(30);
      expect((await page('search=%25&limit=1')).total).toBe(0);
      const days = await page('from=2026-03-02T00:00:00Z&to=2026-03-04T00:00:00Z&limit=50');
      expect(days.total).toBe(8);
    });

    it('shows each row’s reference and finds a row by it, typed whole or as its number', async () => {
      const all = await page('limit=100');
      const references = all.items.map((s) => s.reference ?? '');
      expect(new Set(references).size).toBe(30);
      const [row] = await t.database.db
        .select()
        .from(callSubmissions)
        .where(eq(callSubmissions.id, ids[7] ?? ''));
      const reference = all.items.find((s) => s.id === ids[7])?.reference;
      expect(reference).toBe(`2026-${String(row?.number).padStart(5, '0')}`);
      const whole = await page(`search=${encodeURIComponent(reference ?? '')}&limit=5`);
      expect(whole.items.map((s) => s.id)).toEqual([ids[7]]);
      // Its number alone finds it too, beside the names that hold the same digits.
      const number = await page(`search=${row?.number}&limit=50`);
      expect(number.items.map((s) => s.id)).toContain(ids[7]);
    });

    it('without paging parameters answers the whole list, as before', async () => {
      const res = await get(`/api/Call/GetSubmissions?callId=${callB}`, admin.headers);
      expect(z.array(ZSubmissionListItem).parse(res.json())).toHaveLength(15);
      expect(res.headers['x-total-count']).toBe('15');
      expect(res.headers['x-next-cursor']).toBeUndefined();
      // Streamed a few rows at a time, it is the pages joined: same rows, same order, valid JSON.
      let streamed = '';
      for await (const chunk of allSubmissionsJson(t.database.db, { callId: callB }, 4)) streamed += chunk;
      expect(JSON.parse(streamed)).toEqual(res.json());
      let empty = '';
      for await (const chunk of allSubmissionsJson(t.database.db, { search: 'nessuno così' }, 4)) empty += chunk;
      expect(empty).toBe('[]');
    });

    it('writes its times as the rest of the API does (Date.toISOString, microseconds cut), null when not closed', async () => {
      await t.database.db
        .update(callSubmissions)
        .set({ closedAt: new Date('2026-03-05T08:09:10.987Z') })
        .where(eq(callSubmissions.id, ids[0] ?? ''));
      const rows = await t.database.db.select().from(callSubmissions);
      const expected = new Map(
        rows.map((r) => [
          r.id,
          {
            createdAt: r.createdAt.toISOString(),
            updatedAt: r.updatedAt.toISOString(),
            closedAt: r.closedAt?.toISOString() ?? null,
          },
        ]),
      );
      const all = await page('limit=100');
      for (const item of all.items) {
        expect({ createdAt: item.createdAt, updatedAt: item.updatedAt, closedAt: item.closedAt }).toEqual(
          expected.get(item.id),
        );
      }
      expect(all.items.find((s) => s.id === ids[0])?.closedAt).toBe('2026-03-05T08:09:10.987Z');
      expect(all.items.some((s) => s.createdAt.endsWith('.123Z'))).toBe(true);
    });

    it("filters by state and decision as the badges name them, and says each row's", async () => {
      // Closed rows are 0, 5, 10, 15, 20, 25 (even ones in call A): 5 is invited to a second
      // stage not yet sent, 10 sent its second stage; 0 has a request for changes open, 15 one
      // past its due date, 20 one withdrawn.
      const [s0, s5, s10, s15, s20] = [0, 5, 10, 15, 20].map((i) => ids[i] ?? '');
      const soon = new Date(Date.now() + 3 * DAY);
      await t.database.db
        .update(callSubmissions)
        .set({ stage: 2, stageClosingAt: soon })
        .where(eq(callSubmissions.id, s5 ?? ''));
      await t.database.db
        .update(callSubmissions)
        .set({ stage: 2, stageClosingAt: new Date(), stageClosedAt: new Date() })
        .where(eq(callSubmissions.id, s10 ?? ''));
      const request = { stepIds: [], message: 'Aggiungi il bilancio' };
      await t.database.db.insert(submissionChangeRequests).values([
        { ...request, callSubmissionId: s0 ?? '', dueAt: soon },
        { ...request, callSubmissionId: s15 ?? '', dueAt: new Date(Date.now() - DAY) },
        { ...request, callSubmissionId: s20 ?? '', dueAt: soon, withdrawnAt: new Date() },
      ]);
      await t.database.db.insert(reviewDecisions).values([
        { submissionId: s0 ?? '', callId: callA, outcome: 'accepted' },
        { submissionId: s5 ?? '', callId: callB, outcome: 'waitingList' },
      ]);
      const idsOf = async (query: string) => {
        const p = await page(`${query}&limit=100`);
        expect(p.total, query).toBe(p.items.length);
        return p.items.map((s) => s.id).sort();
      };
      const sorted = (list: Array<string | undefined>) => list.map((id) => id ?? '').sort();
      expect(await idsOf('status=open')).toEqual(sorted(ids.filter((_, i) => i % 5 !== 0)));
      expect(await idsOf('status=submitted')).toEqual(sorted([s0, s10, s15, s20, ids[25]]));
      // Counted from the tallies, less the second stages not yet sent (the one of call B).
      expect(await idsOf(`status=submitted&callId=${callB}`)).toEqual(sorted([s15, ids[25]]));
      expect(await idsOf(`status=open&closed=true`)).toEqual([]);
      expect(await idsOf('status=stageOneSent')).toEqual([s5]);
      expect(await idsOf('status=changesRequested')).toEqual([s0]);
      expect(await idsOf('outcome=accepted')).toEqual([s0]);
      expect(await idsOf('outcome=waitingList&status=stageOneSent')).toEqual([s5]);
      expect(await idsOf('outcome=rejected')).toEqual([]);
      expect(await idsOf('outcome=none')).toHaveLength(28);
      expect(await idsOf(`outcome=none&status=submitted&callId=${callA}`)).toEqual(sorted([s10, s20]));

      const rows = new Map((await page('limit=100')).items.map((s) => [s.id, s]));
      expect(rows.get(s0 ?? '')).toMatchObject({ outcome: 'accepted', changesDueAt: soon.toISOString() });
      expect(rows.get(s15 ?? '')).toMatchObject({ outcome: null, changesDueAt: null });
      expect(rows.get(s20 ?? '')?.changesDueAt).toBeNull();
      expect([...rows.values()].every((s) => s.twoStage === false)).toBe(true);

      const [first] = await t.database.db.select().from(steps).where(eq(steps.callTypeId, callTypeId)).limit(1);
      const [second] = await t.database.db
        .insert(steps)
        .values({ callTypeId, stepTypeId: first?.stepTypeId ?? '', sort: 999, stage: 2, name: 'Piano' })
        .returning();
      expect((await page('limit=100')).items.every((s) => s.twoStage)).toBe(true);
      await t.database.db.delete(steps).where(eq(steps.id, second?.id ?? ''));

      for (const bad of ['status=closed', 'outcome=maybe']) {
        const res = await get(`/api/Call/GetSubmissions?${bad}&limit=5`, admin.headers);
        expect(res.statusCode, bad).toBe(400);
      }
    });

    it('refuses a forged cursor', async () => {
      const res = await get('/api/Call/GetSubmissions?limit=5&cursor=bm90LWEtY3Vyc29y', admin.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().messageKey).toBe('errors.validation');
    });
  });
});
