import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createCallWithSteps,
  createOpenCall,
  createOrganization,
  multipart,
  PDF_BYTES,
  TEXT_QUESTION,
} from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers, stepResultVersions } from '../../db/schema';
import { HISTORY_LENGTH } from './step-history';

type Headers = Record<string, string>;

/**
 * Issue "Version history", Done when (server): two members' saves of one step are listed with
 * their authors, a restore makes a new version with the old content; a viewer reads but may not
 * restore (403); a non-member, and an admin who is no member, get 404. Through the real server.
 */
describe('a step’s version history', () => {
  let t: TestApp;
  let admin: Headers;
  let owner: Headers;
  let editor: Headers;
  let viewer: Headers;
  let stranger: Headers;
  let orgId: string;
  let stepId: string;
  let submissionId: string;

  const withOrg = (headers: Headers) => ({ ...headers, 'x-organization-id': orgId });
  const history = (headers: Headers, query = `submissionId=${submissionId}&StepId=${stepId}`) =>
    t.app.inject({ url: `/api/Call/GetStepResultHistory?${query}`, headers: withOrg(headers) });
  const restore = (headers: Headers, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/RestoreStepResultVersion',
      headers: withOrg(headers),
      payload: { submissionId, stepId, version },
    });
  const current = async () => {
    const res = await t.app.inject({
      url: `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`,
      headers: withOrg(owner),
    });
    return res.json() as { version: number; content: string };
  };
  const save = async (headers: Headers, answer: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: withOrg(headers),
      payload: {
        callSubmissionId: submissionId,
        stepId,
        content: JSON.stringify({ answer }),
        version: (await current()).version ?? 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Saves meant to share a minute must not straddle one. */
  const awayFromMinuteEnd = async () => {
    if (new Date().getSeconds() >= 55) await new Promise((r) => setTimeout(r, 6_000));
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@ente.example', roles: ['admin'] })).headers;
    const anna = await signInAs(db, { email: 'anna@team.example', firstName: 'Anna', lastName: 'Neri' });
    const bruno = await signInAs(db, { email: 'bruno@team.example', firstName: 'Bruno', lastName: 'Sala' });
    const carla = await signInAs(db, { email: 'carla@team.example', firstName: 'Carla', lastName: 'Riva' });
    stranger = (await signInAs(db, { email: 'dario@altro.example' })).headers;
    owner = anna.headers;
    editor = bruno.headers;
    viewer = carla.headers;
    orgId = await createOrganization(t.app, owner, 'Cooperativa Aurora');
    await db.insert(organizationMembers).values([
      { organizationId: orgId, userId: bruno.user.id, role: 'editor' },
      { organizationId: orgId, userId: carla.user.id, role: 'viewer' },
    ]);
    const call = await createCallWithSteps(t.app, admin, [
      { name: 'Project', type: 'text', content: JSON.stringify(TEXT_QUESTION) },
    ]);
    stepId = call.stepIds[0] as string;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: withOrg(owner),
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps one version per author and minute, and lists both authors, newest first', async () => {
    await awayFromMinuteEnd();
    await save(owner, 'Prima');
    await save(owner, 'Prima stesura');
    await save(editor, 'Seconda stesura');
    const res = await history(viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.currentVersion).toBe(3);
    expect(body.versions).toEqual([
      expect.objectContaining({ version: 3, author: { firstName: 'Bruno', lastName: 'Sala' }, restoredFrom: null }),
      expect.objectContaining({ version: 2, author: { firstName: 'Anna', lastName: 'Neri' } }),
    ]);
    expect(JSON.parse(body.versions[1].content)).toEqual({ answer: 'Prima stesura' });
    // `stepId` is accepted as well as the issue's `StepId`; neither is a translated 400.
    expect((await history(owner, `submissionId=${submissionId}&stepId=${stepId}`)).json().versions).toHaveLength(2);
    const missing = await history(owner, `submissionId=${submissionId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ path: 'StepId', messageKey: 'errors.field.required' }),
    ]);
  });

  it('a save in a later minute is a version of its own', async () => {
    // The editor's row is moved two minutes back, as if the next save came later.
    await t.database.db
      .update(stepResultVersions)
      .set({ savedAt: sql`now() - interval '2 minutes'` })
      .where(and(eq(stepResultVersions.callSubmissionId, submissionId), eq(stepResultVersions.version, 3)));
    await save(editor, 'Terza stesura');
    const versions = (await history(owner)).json().versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([4, 3, 2]);
  });

  it('restoring makes a new version with the old content, by the one who restored', async () => {
    const res = await restore(editor, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(5);
    expect(JSON.parse((await current()).content)).toEqual({ answer: 'Prima stesura' });
    const [newest] = (await history(owner)).json().versions;
    expect(newest).toEqual(
      expect.objectContaining({ version: 5, restoredFrom: 2, author: { firstName: 'Bruno', lastName: 'Sala' } }),
    );
    // The next save, same author and minute, is not folded into the restore.
    await save(editor, 'Dopo il ripristino');
    expect((await history(owner)).json().versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2]);
  });

  it('an unknown version is 404 and a bad one 400; nothing changes', async () => {
    const before = await current();
    const unknown = await restore(owner, 99);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messageKey).toBe('errors.submissions.noSuchVersion');
    expect((await restore(owner, 0)).statusCode).toBe(400);
    expect(await current()).toEqual(before);
  });

  it('a viewer reads the history but may not restore (403), and nothing changes', async () => {
    const before = await current();
    const read = await history(viewer);
    expect(read.statusCode).toBe(200);
    expect(read.json().canRestore).toBe(false);
    expect((await history(editor)).json().canRestore).toBe(true);
    const res = await restore(viewer, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json().messageKey).toBe('errors.organizations.roleTooLow');
    expect(await current()).toEqual(before);
  });

  it('a non-member gets 404, and so does an admin who is not a member', async () => {
    for (const headers of [stranger, admin]) {
      const read = await t.app.inject({
        url: `/api/Call/GetStepResultHistory?submissionId=${submissionId}&StepId=${stepId}`,
        headers,
      });
      expect(read.statusCode).toBe(404);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/Call/RestoreStepResultVersion',
        headers,
        payload: { submissionId, stepId, version: 2 },
      });
      expect(write.statusCode).toBe(404);
    }
  });

  it('an upload is a version too, by who uploaded it; restoring it is refused as any answer write to it', async () => {
    const call = await createOpenCall(t.app, admin, { name: 'Con documenti' });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: withOrg(editor),
      payload: { callId: call.id },
    });
    const draft = started.json().id as string;
    const form = multipart(
      { submissionId: draft, stepId: call.uploadStepId, Nome: 'Budget', Descrizione: 'b', TipoFileId: '1' },
      { name: 'budget.pdf', bytes: PDF_BYTES },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...withOrg(editor), ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const read = await history(owner, `submissionId=${draft}&StepId=${call.uploadStepId}`);
    expect(read.json().versions).toEqual([
      expect.objectContaining({ version: 1, author: { firstName: 'Bruno', lastName: 'Sala' } }),
    ]);
    expect(read.json().versions[0].content).toContain('budget.pdf');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Call/RestoreStepResultVersion',
      headers: withOrg(owner),
      payload: { submissionId: draft, stepId: call.uploadStepId, version: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('errors.submissions.uploadAnswerIsServerKept');
  });

  it('each Submit is a milestone naming the version it froze; saves after a reopen never change it', async () => {
    await awayFromMinuteEnd();
    await save(owner, 'Versione inviata');
    const frozen = (await current()).version;
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: withOrg(owner),
      payload: { submissionId },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const whileClosed = (await history(owner)).json();
    expect(whileClosed.canRestore).toBe(false);
    expect((await restore(owner, 2)).statusCode).toBe(409);
    expect(whileClosed.milestones).toEqual([
      expect.objectContaining({ version: frozen, closedBy: { firstName: 'Anna', lastName: 'Neri' } }),
    ]);
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/CallSubmission/ReOpenSubmission?submissionId=${submissionId}`,
      headers: admin,
    });
    expect(reopened.statusCode).toBe(204);
    // Same author, same minute: without the milestone this save would replace the frozen content.
    await save(owner, 'Dopo la riapertura');
    const after = (await history(owner)).json();
    const kept = after.versions.find((v: { version: number }) => v.version === frozen);
    expect(JSON.parse(kept.content)).toEqual({ answer: 'Versione inviata' });
    expect(after.versions[0].version).toBe(frozen + 1);
  });

  it('lists the newest versions only, however many were kept', async () => {
    const many = Array.from({ length: HISTORY_LENGTH + 20 }, (_, i) => ({
      callSubmissionId: submissionId,
      stepId,
      version: 10_000 + i,
      content: JSON.stringify({ answer: `v${i}` }),
    }));
    await t.database.db.insert(stepResultVersions).values(many);
    const versions = (await history(owner)).json().versions as Array<{ version: number }>;
    expect(versions).toHaveLength(HISTORY_LENGTH);
    expect(versions[0]?.version).toBe(10_000 + HISTORY_LENGTH + 19);
  });
});
