import { PSEUDONYM_PREFIX } from '@impact/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createCallWithSteps,
  createOpenCall,
  createOrganization,
  submitToCall,
  TEXT_QUESTION,
} from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers, submissionRecords } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * In a team, one member starts an application and another may close it: erasing one of them
 * replaces that person wherever they are named, and never the colleague who closed or the team's
 * contact.
 */
describe('erasure in a team', () => {
  let t: TestApp;
  let admin: Headers;
  let anna: { headers: Headers; id: string };
  let bruno: { headers: Headers; id: string };
  let orgId: string;

  const post = (headers: Headers, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const close = (headers: Headers, submissionId: string) =>
    post({ ...headers, 'x-organization-id': orgId }, '/api/Call/CloseCallSubmission', { submissionId });
  const reopen = (submissionId: string) =>
    post(admin, `/api/CallSubmission/ReOpenSubmission?submissionId=${submissionId}`);
  const recordsOf = (submissionId: string) =>
    t.database.db
      .select({ submittedBy: submissionRecords.data, closedByEmail: submissionRecords.closedByEmail })
      .from(submissionRecords)
      .where(eq(submissionRecords.callSubmissionId, submissionId))
      .orderBy(asc(submissionRecords.closedAt))
      .then((rows) => rows.map((r) => ({ submittedBy: r.submittedBy.submittedBy, closedByEmail: r.closedByEmail })));

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    const a = await signInAs(db, { email: 'anna@team.example', firstName: 'Anna', lastName: 'Neri' });
    const b = await signInAs(db, { email: 'bruno@team.example', firstName: 'Bruno', lastName: 'Sala' });
    anna = { headers: a.headers, id: a.user.id };
    bruno = { headers: b.headers, id: b.user.id };
    orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.id, role: 'editor' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the colleague who closed, and pseudonymises the records the erased person closed', async () => {
    // Bruno starts and sends the first call's application; reopened, Anna sends it again.
    const first = await createOpenCall(t.app, admin, { name: 'Primo' });
    const startedByBruno = await submitToCall(t.app, bruno.headers, orgId, first);
    expect((await reopen(startedByBruno)).statusCode).toBe(204);
    expect((await close(anna.headers, startedByBruno)).statusCode).toBe(200);
    // Anna starts and sends the second; reopened, Bruno sends it again.
    const second = await createOpenCall(t.app, admin, { name: 'Secondo' });
    const startedByAnna = await submitToCall(t.app, anna.headers, orgId, second);
    expect((await reopen(startedByAnna)).statusCode).toBe(204);
    expect((await close(bruno.headers, startedByAnna)).statusCode).toBe(200);

    const erased = await post(admin, '/api/User/EraseUserData', { email: 'bruno@team.example' });
    expect(erased.statusCode, erased.body).toBe(200);

    const [brunoClosed, annaClosed] = await recordsOf(startedByBruno);
    expect(brunoClosed?.submittedBy).not.toMatch(/Bruno|bruno@team/);
    expect(brunoClosed?.closedByEmail).not.toBe('bruno@team.example');
    expect(annaClosed).toEqual({ submittedBy: 'Anna Neri <anna@team.example>', closedByEmail: 'anna@team.example' });
    const [annaFirst, brunoSecond] = await recordsOf(startedByAnna);
    expect(annaFirst).toEqual({ submittedBy: 'Anna Neri <anna@team.example>', closedByEmail: 'anna@team.example' });
    expect(brunoSecond?.submittedBy).not.toMatch(/Bruno|bruno@team/);
    expect(brunoSecond?.closedByEmail).not.toBe('bruno@team.example');
  });

  it("hands a sole owner's organization to the longest-standing editor, drafts and all", async () => {
    const db = t.database.db;
    const c = await signInAs(db, { email: 'carla@team.example', firstName: 'Carla', lastName: 'Gori' });
    const v = await signInAs(db, { email: 'vera@team.example', firstName: 'Vera', lastName: 'Lodi' });
    const d = await signInAs(db, { email: 'dario@team.example', firstName: 'Dario', lastName: 'Fo' });
    const teamId = await createOrganization(t.app, c.headers, 'Cooperativa Brezza');
    // Vera joined first but only reads; Dario edits: Dario is the heir.
    await db.insert(organizationMembers).values({ organizationId: teamId, userId: v.user.id, role: 'viewer' });
    await db.insert(organizationMembers).values({ organizationId: teamId, userId: d.user.id, role: 'editor' });
    const call = await createOpenCall(t.app, admin, { name: 'Terzo' });
    const draft = await post({ ...d.headers, 'x-organization-id': teamId }, '/api/Call/UpsertCallSubmission', {
      callId: call.id,
    });
    expect(draft.statusCode, draft.body).toBe(200);

    const erased = await post(admin, '/api/User/EraseUserData', { email: 'carla@team.example' });
    expect(erased.statusCode, erased.body).toBe(200);

    const team = await db
      .select({ userId: organizationMembers.userId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, teamId));
    expect(team.sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { userId: d.user.id, role: 'owner' },
      { userId: v.user.id, role: 'viewer' },
    ]);
    const mine = await t.app.inject({
      url: `/api/Call/GetSubmissionByID?submissionId=${draft.json().id}`,
      headers: { ...d.headers, 'x-organization-id': teamId },
    });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

/**
 * The version history of a team's draft keeps who saved each version: erasing one of them leaves
 * their pseudonym as that version's author (never their name), the colleague stays named, and in
 * the applications kept for them (those they started) their name leaves the old versions too.
 */
describe('erasure and the version history of a team’s answers', () => {
  let t: TestApp;

  it('names the erased author by their pseudonym and scrubs their name from kept versions', async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = (await signInAs(db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    const anna = await signInAs(db, { email: 'anna@team.example', firstName: 'Anna', lastName: 'Neri' });
    const bruno = await signInAs(db, { email: 'bruno@team.example', firstName: 'Bruno', lastName: 'Sala' });
    const orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.user.id, role: 'editor' });
    const h = (headers: Headers) => ({ ...headers, 'x-organization-id': orgId });
    const text = JSON.stringify(TEXT_QUESTION);
    const draftOf = async (starter: Headers, name: string) => {
      const call = await createCallWithSteps(t.app, admin, [{ name: 'Project', type: 'text', content: text }], {
        name,
      });
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers: h(starter),
        payload: { callId: call.id },
      });
      return { submissionId: started.json().id as string, stepId: call.stepIds[0] as string };
    };
    const save = async (headers: Headers, draft: { submissionId: string; stepId: string }, answer: string) => {
      const stored = await t.app.inject({
        url: `/api/Call/GetStepResult?submissionId=${draft.submissionId}&StepId=${draft.stepId}`,
        headers: h(headers),
      });
      const version = stored.statusCode === 200 ? (stored.json().version as number) : 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers: h(headers),
        payload: {
          callSubmissionId: draft.submissionId,
          stepId: draft.stepId,
          content: JSON.stringify({ answer }),
          version,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const history = async (draft: { submissionId: string; stepId: string }) => {
      const res = await t.app.inject({
        url: `/api/Call/GetStepResultHistory?submissionId=${draft.submissionId}&StepId=${draft.stepId}`,
        headers: h(anna.headers),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().versions as Array<{ author: { firstName: string; lastName: string } | null; content: string }>;
    };
    // Anna's draft, where Bruno wrote after her; Bruno's draft, where Anna wrote after him.
    const annas = await draftOf(anna.headers, 'Di Anna');
    await save(anna.headers, annas, 'Testo di Anna');
    await save(bruno.headers, annas, 'Aggiunta');
    const brunos = await draftOf(bruno.headers, 'Di Bruno');
    await save(bruno.headers, brunos, 'Scritto da Bruno Sala');
    await save(anna.headers, brunos, 'Rivisto');

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/User/EraseUserData',
      headers: admin,
      payload: { email: 'bruno@team.example' },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const [byBruno, byAnna] = await history(annas);
    expect(byAnna?.author).toEqual({ firstName: 'Anna', lastName: 'Neri' });
    expect(byBruno?.author?.firstName).toBe(PSEUDONYM_PREFIX);
    expect(JSON.stringify(byBruno)).not.toMatch(/Bruno|Sala/);
    const [, first] = await history(brunos);
    expect(first?.author?.firstName).toBe(PSEUDONYM_PREFIX);
    expect(first?.content).not.toMatch(/Bruno|Sala/);
    expect(first?.content).toContain(PSEUDONYM_PREFIX);
  });
  afterAll(async () => {
    await t?.close();
  });
});
