import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { openEventStream } from '../../../test/event-stream-client';
import {
  createCallWithSteps,
  createImpactFramework,
  createOpenCall,
  createOrganization,
  multipart,
  PDF_BYTES,
} from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers } from '../../db/schema';

type Person = Awaited<ReturnType<typeof signInAs>>;

/**
 * A teammate's page learns that a step answer was written (decision 0032's addendum): every open
 * stream of the application gets a `saved` event with the step and its new version; a refused
 * write tells nobody, and another application's streams hear nothing.
 */
describe('step answers told to the open application', () => {
  let t: TestApp;
  let base: string;
  let anna: Person;
  let bruno: Person;
  let orgId: string;
  let submissionId: string;
  let otherSubmissionId: string;
  let textStepId: string;
  let uploadStepId: string;
  let admin: Record<string, string>;
  const open = (p: Person, id = submissionId) =>
    openEventStream(`${base}/api/Call/SubmissionPresence?submissionId=${id}`, p.headers);
  const write = (who: Person, content: string, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: { ...who.headers, 'x-organization-id': orgId },
      payload: {
        callSubmissionId: submissionId,
        stepId: textStepId,
        content: JSON.stringify({ answer: content }),
        version,
      },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = (await signInAs(db, { email: 'admin@saves.test', roles: ['admin'] })).headers;
    anna = await signInAs(db, { email: 'anna@saves.test', firstName: 'Anna', lastName: 'Neri' });
    bruno = await signInAs(db, { email: 'bruno@saves.test', firstName: 'Bruno', lastName: 'Riva' });
    orgId = await createOrganization(t.app, anna.headers, 'Cooperativa Salvataggi');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: bruno.user.id, role: 'editor' });
    const start = async (callId: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Call/UpsertCallSubmission',
          headers: { ...anna.headers, 'x-organization-id': orgId },
          payload: { callId },
        })
      ).json().id as string;
    const call = await createOpenCall(t.app, admin);
    textStepId = call.textStepId;
    uploadStepId = call.uploadStepId;
    submissionId = await start(call.id);
    otherSubmissionId = await start((await createOpenCall(t.app, admin)).id);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every stream of the application hears of a write, the writer’s own tabs included', async () => {
    const b = await open(bruno);
    await b.next();
    const a = await open(anna);
    await a.next();
    await b.next();
    const elsewhere = await open(bruno, otherSubmissionId);
    await elsewhere.next();
    const saved = await write(anna, 'Orti in città', 0);
    expect(saved.statusCode, saved.body).toBe(200);
    const told = { event: 'saved', data: { stepId: textStepId, version: saved.json().version } };
    expect(await b.next()).toEqual(told);
    expect(await a.next()).toEqual(told);
    // Bruno's write from an old version is refused: nobody is told of it.
    expect((await write(bruno, 'Vecchio', 0)).statusCode).toBe(409);
    expect(await b.next(500)).toBeNull();
    expect(await elsewhere.next(200)).toBeNull();
    for (const s of [a, b, elsewhere]) s.close();
  });

  it('a file added, described or removed is told too (the upload step lists its files in its answer)', async () => {
    const b = await open(bruno);
    await b.next();
    const headers = { ...anna.headers, 'x-organization-id': orgId };
    const form = multipart(
      { submissionId, stepId: uploadStepId, Nome: 'Budget', Descrizione: 'Bozza' },
      { name: 'budget.pdf', bytes: PDF_BYTES },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UploadFile',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await b.next()).toEqual({ event: 'saved', data: { stepId: uploadStepId, version: 1 } });
    const fileId = up.json().fileDownloadId;
    const described = await t.app.inject({
      method: 'POST',
      url: '/api/FileUpload/UpdateDescription',
      headers,
      payload: { downloadId: fileId, description: 'Bilancio 2027' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(await b.next()).toEqual({ event: 'saved', data: { stepId: uploadStepId, version: 2 } });
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/FileUpload/RemoveFile?downloadId=${fileId}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await b.next()).toEqual({ event: 'saved', data: { stepId: uploadStepId, version: 3 } });
    b.close();
  });

  it('a budget save or restore tells the impact step too, whose investment it rewrote', async () => {
    const headers = { ...anna.headers, 'x-organization-id': orgId };
    const framework = await createImpactFramework(t.app, admin);
    const call = await createCallWithSteps(t.app, admin, [
      { name: 'Piano finanziario', type: 'budget', content: JSON.stringify(BUDGET) },
      { name: 'Impatto', type: 'miniDyi', content: JSON.stringify({ frameworkId: framework.id }) },
    ]);
    const [budgetStepId = '', impactStepId = ''] = call.stepIds;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers,
      payload: { callId: call.id },
    });
    const id = started.json().id as string;
    const save = (stepId: string, answer: unknown, version = 0, who = headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallStepResult',
        headers: who,
        payload: { callSubmissionId: id, stepId, content: JSON.stringify(answer), version },
      });
    const budgetOf = (amount: string) => ({
      lines: [{ category: 'staff', description: 'Coordinatrice', amounts: [amount] }],
      coFunding: [],
    });
    const impact = await save(impactStepId, { budget: null, budgetSpent: 0, sdg: [], selectedOutcomes: [] });
    expect(impact.statusCode, impact.body).toBe(200);
    const b = await open(bruno, id);
    await b.next();
    const budget = await save(budgetStepId, budgetOf('1000'));
    expect(budget.statusCode, budget.body).toBe(200);
    const impactVersion = impact.json().version;
    expect([await b.next(), await b.next()]).toEqual([
      { event: 'saved', data: { stepId: impactStepId, version: impactVersion + 1 } },
      { event: 'saved', data: { stepId: budgetStepId, version: budget.json().version } },
    ]);
    // A teammate's cost (its own version in the history), then the first budget restored: the
    // impact step is told of each rewrite.
    const more = await save(budgetStepId, budgetOf('2000'), budget.json().version, {
      ...bruno.headers,
      'x-organization-id': orgId,
    });
    expect(more.statusCode, more.body).toBe(200);
    await b.next();
    await b.next();
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/Call/RestoreStepResultVersion',
      headers,
      payload: { submissionId: id, stepId: budgetStepId, version: budget.json().version },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect([await b.next(), await b.next()]).toEqual([
      { event: 'saved', data: { stepId: impactStepId, version: impactVersion + 3 } },
      { event: 'saved', data: { stepId: budgetStepId, version: restored.json().version } },
    ]);
    b.close();
  });
});

const BUDGET = {
  currency: 'EUR',
  periods: ['2027'],
  categories: [{ id: 'staff', name: { it: 'Personale', en: 'Staff', fr: 'Personnel' } }],
};
