import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createOpenCall, createOrganization, multipart, organizationForm, PDF_BYTES } from '../test/fixtures';
import { signInAs } from '../test/sign-in';
import { organizationMembers } from './db/schema';

type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: { format?: string } }>;
  /** Who may call it, as the route declares (plugins/route-access.ts). */
  'x-access'?: 'public' | 'user' | 'admin' | 'customizer';
  /** The field holding an id that must be the caller's own. */
  'x-owns'?: string;
};

/**
 * Every route of the OpenAPI document × anonymous / applicant / other applicant / admin, checked
 * against what the route itself declares (`x-access`, `x-owns`): the declaration is enforced by one
 * hook and tried here, so a route whose behaviour differs from its declaration fails.
 */
describe('authorization matrix from the OpenAPI document', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string; key: string; op: Operation }> = [];
  const who: Record<string, Record<string, string>> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@impact-calls.test', roles: ['admin'] });
    const anna = await signInAs(t.database.db, { email: 'anna@example.org' });
    const bruno = await signInAs(t.database.db, { email: 'bruno@example.org' });
    const call = await createOpenCall(t.app, admin.headers);
    const annaOrg = await createOrganization(t.app, anna.headers, 'Anna Org');
    const brunoOrg = await createOrganization(t.app, bruno.headers, 'Bruno Org');
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: { ...anna.headers, 'x-organization-id': annaOrg },
      payload: { callId: call.id },
    });
    const submissionId = sub.json().id as string;
    const form = multipart(
      { submissionId, stepId: call.uploadStepId, Nome: 'Budget' },
      { name: 'b.pdf', bytes: PDF_BYTES },
    );
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...anna.headers, ...form.headers },
      payload: form.payload,
    });
    expect(file.statusCode, file.body).toBe(200);
    Object.assign(ids, {
      orgId: annaOrg,
      id: annaOrg,
      organizationId: annaOrg,
      submissionId,
      callSubmissionId: submissionId,
      downloadId: file.json().fileDownloadId,
      callId: call.id,
      stepId: call.textStepId,
      StepId: call.textStepId,
    });
    who.anonymous = {};
    who.applicant = { ...anna.headers, 'x-organization-id': annaOrg };
    who.other = { ...bruno.headers, 'x-organization-id': brunoOrg };
    who.admin = admin.headers;
    // Members of Anna's organization with the smaller roles.
    for (const role of ['editor', 'viewer'] as const) {
      const member = await signInAs(t.database.db, { email: `${role}@example.org` });
      await t.database.db.insert(organizationMembers).values({ organizationId: annaOrg, userId: member.user.id, role });
      who[role] = { ...member.headers, 'x-organization-id': annaOrg };
    }
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  /** The route called with ids from `idOf`: uuid query parameters filled, the owned field in the body. */
  const call = (route: (typeof routes)[number], headers: Record<string, string>, idOf: (name: string) => string) => {
    const query = new URLSearchParams();
    for (const p of route.op.parameters ?? [])
      if (p.in === 'query' && p.schema?.format === 'uuid') query.set(p.name, idOf(p.name));
    const path = route.path.replace(/\{[^}]+\}/g, 'x');
    const owned = route.op['x-owns'];
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const body: Record<string, unknown> = {};
    if (owned && hasBody) {
      if (route.key.includes('UpdateOrganization')) Object.assign(body, organizationForm('Taken over'));
      if (route.key.includes('UpsertCallStepResult'))
        Object.assign(body, { stepId: ids.stepId, content: '{"answer":"x"}', version: 0 });
      if (route.key.includes('UpsertCallSubmission')) body.callId = ids.callId;
      if (route.key.includes('RestoreStepResultVersion')) Object.assign(body, { stepId: ids.stepId, version: 1 });
      if (route.key.includes('PutMiniDYI'))
        Object.assign(body, { stepId: ids.stepId, version: 0, budget: 1, budgetSpent: 0, sdg: [], outcomes: [] });
      // The reviewer's writes, complete but for the assignment id.
      if (route.key.includes('DeclareConflict')) Object.assign(body, { conflict: false, reason: '' });
      if (route.key.includes('SaveReview'))
        Object.assign(body, { version: 0, scores: [], recommendation: null, comment: '' });
      if (route.key.includes('SubmitReview')) body.version = 0;
      // The team's comments: a new thread on the owned submission's step; a thread's state.
      if (route.key.includes('AddStepComment')) Object.assign(body, { stepId: ids.stepId, body: 'x' });
      if (route.key.includes('ResolveStepComment')) body.resolved = true;
      // The conversation: a message.
      if (route.key.includes('SendMessage')) body.text = 'x';
      // An uploaded file's description.
      if (route.key.includes('UpdateDescription')) body.description = 'x';
      // The grantee's answer to an award letter.
      if (route.key.includes('AcceptAward')) body.fullName = 'Anna Neri';
      // The team's writes, complete but for the organization (the extra fields are dropped elsewhere).
      if (/Member|Invitation/.test(route.key))
        Object.assign(body, {
          userId: randomUUID(),
          role: 'viewer',
          email: 'x@example.org',
          invitationId: randomUUID(),
        });
      body[owned] = idOf(owned);
    }
    return t.app.inject({
      method: route.method as 'GET',
      url: `${path}${query.size ? `?${query}` : ''}`,
      headers,
      // Uploads are multipart (their own tests send files); a description is JSON.
      ...(hasBody && (!route.key.includes('Upload') || route.key.includes('UpdateDescription'))
        ? { payload: body }
        : {}),
    });
  };

  it('every published operation declares its access', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.op['x-access']).map((r) => r.key)).toEqual([]);
  });

  it('another applicant gets 404 (or 403) for every id of someone else', async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((r) => r.op['x-owns'])) {
      const res = await call(route, who.other ?? {}, (name) => ids[name] ?? randomUUID());
      if (![403, 404].includes(res.statusCode)) leaks.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  });

  /** Routes on the organization's own ids (not a reviewer's assignment or an admin's call). */
  const ORGANIZATION_IDS = ['orgId', 'id', 'organizationId', 'submissionId', 'callSubmissionId', 'downloadId'];
  // An event stream a member may open never ends under inject: its members (viewers included) are
  // tested through a listening server in modules/presence/presence.test.ts; outsiders stay here.
  const STREAMS = /\/Call\/SubmissionPresence$/;
  const organizationRoutes = () =>
    routes.filter(
      (r) => r.op['x-access'] === 'user' && ORGANIZATION_IDS.includes(r.op['x-owns'] ?? '') && !STREAMS.test(r.path),
    );
  /** What only owners do: the team and the organization's own record. */
  const OWNERS_ONLY =
    /\/Organization\/(InviteMember|WithdrawInvitation|GetInvitations|ChangeMemberRole|RemoveMember|UpdateOrganization|DeleteOrganization)$/;
  /**
   * What every member does, a viewer too: comments change nothing of the application (decision
   * 0031), and marking the conversation read is the reader's own mark (0037).
   */
  const ANY_MEMBER_WRITES = /\/(Call\/AddStepComment|Conversation\/MarkRead)$/;
  const refusedAsOutsider = (res: { statusCode: number; body: string }) =>
    res.statusCode === 403 ||
    (res.statusCode === 404 && /errors\.(organizations|submissions|files)\.notFound/.test(res.body));

  it('a viewer of the organization reads everything of it and writes nothing (403)', async () => {
    const wrong: string[] = [];
    for (const route of organizationRoutes()) {
      const res = await call(route, who.viewer ?? {}, (name) => ids[name] ?? randomUUID());
      const reads = (route.method === 'GET' && !OWNERS_ONLY.test(route.path)) || ANY_MEMBER_WRITES.test(route.path);
      // The upload's multipart body is refused as malformed before any id is read.
      if (route.path.endsWith('/UploadFile')) continue;
      if (reads ? refusedAsOutsider(res) : res.statusCode !== 403)
        wrong.push(`${route.key} as viewer: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an editor of the organization writes its applications but manages no member (403)', async () => {
    const wrong: string[] = [];
    // Deleting is last: the other routes need the organization.
    const ordered = organizationRoutes().sort((a, b) => Number(/Delete/.test(a.path)) - Number(/Delete/.test(b.path)));
    for (const route of ordered) {
      const res = await call(route, who.editor ?? {}, (name) => ids[name] ?? randomUUID());
      if (OWNERS_ONLY.test(route.path) ? res.statusCode !== 403 : refusedAsOutsider(res))
        wrong.push(`${route.key} as editor: ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('anonymous, applicant and admin get what their row says, and never a 5xx', async () => {
    const wrong: string[] = [];
    const random = () => randomUUID();
    for (const route of routes) {
      const access = route.op['x-access'];
      if (!access) continue;
      const row = { access };
      const anonymous = await call(route, who.anonymous ?? {}, random);
      // Public routes are for anyone, so anonymous is the call that matters; calling the
      // session endpoints (refresh, logout) with the others' tokens would end their sessions.
      if (row.access === 'public') {
        if (anonymous.statusCode >= 500) wrong.push(`${route.key} as anonymous: ${anonymous.statusCode}`);
        continue;
      }
      const applicant = await call(route, who.applicant ?? {}, random);
      const admin = await call(route, who.admin ?? {}, random);
      const expectations: Array<[string, number, (s: number) => boolean]> = [
        // A public route answers on its own terms (refresh without its cookie is a 401 of its own).
        ['anonymous', anonymous.statusCode, (s) => (row.access === 'public' ? true : s === 401)],
        [
          'applicant',
          applicant.statusCode,
          (s) =>
            row.access === 'admin' || row.access === 'customizer'
              ? s === 403
              : row.access === 'public' || (s !== 401 && s !== 403),
        ],
        ['admin', admin.statusCode, (s) => row.access === 'public' || (s !== 401 && s !== 403)],
      ];
      for (const [role, status, ok] of expectations) {
        if (!ok(status) || status >= 500) wrong.push(`${route.key} as ${role}: ${status} (row: ${row.access})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
