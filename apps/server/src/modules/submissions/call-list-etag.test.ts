import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSecondApp, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization, submitToCall, updateCall } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { RESPONSE_FORMAT } from '../../lib/response-format';
import { callListTag } from './user-call-list';

const PAGE = '/api/Call/GetCallListUser?page=1&pageSize=20';
const DAY = 86_400_000;

/**
 * The applicant list's ETag is made of counters the database keeps (decision 0023), so a change
 * made through one instance shows on the next request to another: each change below is made
 * through instance A and revalidated on instance B with the tag B gave before it. Were the tag
 * blind to a kind of change, B would answer 304 and the test of that kind would fail.
 */
describe('the call list’s ETag across two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let anna: Awaited<ReturnType<typeof signInAs>>;
  let org: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let submissionId: string;

  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildSecondApp(a);
    admin = await signInAs(a.database.db, { email: 'admin@ente.example', roles: ['admin'] });
    anna = await signInAs(a.database.db, { email: 'anna@ente.example' });
    org = await createOrganization(a.app, anna.headers, 'Aurora');
    call = await createOpenCall(a.app, admin.headers, { name: 'Bando uno', closesInDays: 10 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const headers = () => ({ ...anna.headers, 'x-organization-id': org });
  const ask = (instance: TestApp, tag?: string) =>
    instance.app.inject({ url: PAGE, headers: { ...headers(), ...(tag ? { 'if-none-match': tag } : {}) } });

  /** B's page and tag before `change` (made through A), then B's answer to that tag after it. */
  async function afterChange(change: () => Promise<unknown>) {
    const before = await ask(b);
    expect(before.statusCode).toBe(200);
    const tag = String(before.headers.etag);
    expect((await ask(b, tag)).statusCode).toBe(304);
    await change();
    const after = await ask(b, tag);
    expect(after.statusCode, 'a change that the tag ignored').toBe(200);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.body).not.toBe(before.body);
    // And the new tag holds until the next change.
    expect((await ask(b, String(after.headers.etag))).statusCode).toBe(304);
    return after.json() as Array<{
      id: string;
      name: string;
      submissionId: string;
      submissionClosed: boolean;
      outcome: unknown;
      changesDueAt: string | null;
    }>;
  }

  const editCall = (changes: Record<string, unknown>) => updateCall(a.app, admin.headers, call.id, changes);

  it('a tag of the previous release (same data, a body of another format) is answered 200, not 304', async () => {
    const tag = String((await ask(b)).headers.etag);
    expect(tag).toContain(`"f${RESPONSE_FORMAT}.`);
    const previous = tag.replace(`"f${RESPONSE_FORMAT}.`, '"');
    expect((await ask(b, previous)).statusCode).toBe(200);
  });

  it('answers 304 to an unchanged page, on either instance, with no body', async () => {
    const first = await ask(b);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    for (const instance of [a, b]) {
      const again = await ask(instance, tag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);
    }
    // Another user (another address for the e-mail filter) never shares the tag.
    const bruno = await signInAs(a.database.db, { email: 'bruno@ente.example' });
    const his = await b.app.inject({ url: PAGE, headers: { ...bruno.headers, 'if-none-match': tag } });
    expect(his.statusCode).toBe(200);
  });

  it('a call published', async () => {
    const list = await afterChange(() => createOpenCall(a.app, admin.headers, { name: 'Bando due', closesInDays: 5 }));
    expect(list.map((c) => c.name)).toEqual(['Bando due', 'Bando uno']);
  });

  it('a call edited', async () => {
    const list = await afterChange(() => editCall({ name: 'Bando uno, rinominato' }));
    expect(list.map((c) => c.name)).toContain('Bando uno, rinominato');
  });

  it('a submission started', async () => {
    const list = await afterChange(async () => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: headers(),
        payload: { callId: call.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      submissionId = res.json().id;
    });
    expect(list.find((c) => c.id === call.id)?.submissionId).toBe(submissionId);
  });

  it('a submission closed', async () => {
    const list = await afterChange(() => submitToCall(a.app, anna.headers, org, call));
    expect(list.find((c) => c.id === call.id)?.submissionClosed).toBe(true);
  });

  it('a request for changes made, then withdrawn', async () => {
    const dueAt = new Date(Date.now() + 5 * DAY).toISOString();
    let requestId = '';
    const made = await afterChange(async () => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/CallSubmission/RequestChanges',
        headers: admin.headers,
        payload: { submissionId, stepIds: [call.textStepId], message: 'Il testo è da rivedere.', dueAt },
      });
      expect(res.statusCode, res.body).toBe(200);
      requestId = res.json().id;
    });
    expect(made.find((c) => c.id === call.id)?.changesDueAt).toBe(dueAt);
    const withdrawn = await afterChange(async () => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/CallSubmission/WithdrawChangeRequest',
        headers: admin.headers,
        payload: { requestId },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(withdrawn.find((c) => c.id === call.id)?.changesDueAt).toBeNull();
  });

  it('a decision recorded', async () => {
    const list = await afterChange(async () => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/Review/RecordDecisions',
        headers: admin.headers,
        payload: { callId: call.id, items: [{ submissionId, outcome: 'accepted', message: 'Bene' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(list.find((c) => c.id === call.id)?.outcome).toEqual({ outcome: 'accepted', message: 'Bene' });
  });

  it('a filter e-mail changed', async () => {
    await editCall({ isUserFilterEnable: true, userFilterEmail: 'anna@ente.example' });
    const list = await afterChange(() =>
      editCall({ isUserFilterEnable: true, userFilterEmail: 'someone@else.example' }),
    );
    expect(list.map((c) => c.id)).not.toContain(call.id);
  });

  it('a call opening or closing as time passes (no write at all)', async () => {
    const user = { ...anna.user, roles: [], isAdmin: false, sessionId: 'test' };
    const now = Date.now();
    const tagAt = (at: number) => callListTag(b.database.db, user, org, 'it', { page: 1, pageSize: 20 }, new Date(at));
    expect(await tagAt(now + 1_000)).toBe(await tagAt(now));
    // "Bando due" closes in five days: the page is not the same one after that.
    expect(await tagAt(now + 6 * DAY)).not.toBe(await tagAt(now));
  });
});
