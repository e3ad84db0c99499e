import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../../test/fixtures';
import { signInAs } from '../../../test/sign-in';
import { organizationMembers } from '../../db/schema';

type Headers = Record<string, string>;

/**
 * Issue "Presence and who did what": each step's answer says who saved it last (the autosave's
 * one statement records the writer), and a stale write's 409 names who saved the newer version.
 */
describe('who saved a step last', () => {
  let t: TestApp;
  let anna: Headers;
  let bruno: Headers;
  let adminHeaders: Headers;
  let submissionId: string;
  let stepId: string;
  const save = (headers: Headers, answer: string, version: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers,
      payload: { callSubmissionId: submissionId, stepId, content: JSON.stringify({ answer }), version },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const admin = await signInAs(db, { email: 'admin@author.test', roles: ['admin'] });
    adminHeaders = admin.headers;
    const a = await signInAs(db, { email: 'anna@author.test', firstName: 'Anna', lastName: 'Neri' });
    const b = await signInAs(db, { email: 'bruno@author.test', firstName: 'Bruno', lastName: 'Riva' });
    const orgId = await createOrganization(t.app, a.headers, 'Cooperativa Autori');
    await db.insert(organizationMembers).values({ organizationId: orgId, userId: b.user.id, role: 'editor' });
    anna = { ...a.headers, 'x-organization-id': orgId };
    bruno = { ...b.headers, 'x-organization-id': orgId };
    const call = await createOpenCall(t.app, admin.headers);
    stepId = call.textStepId;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers: anna,
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the autosave answers with its writer; the step result and the submission name the last one', async () => {
    const first = await save(anna, 'Anna scrive', 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, updatedBy: { firstName: 'Anna', lastName: 'Neri' } });
    const second = await save(bruno, 'Bruno corregge', 1);
    expect(second.json()).toMatchObject({ version: 2, updatedBy: { firstName: 'Bruno', lastName: 'Riva' } });
    const read = await t.app.inject({
      url: `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`,
      headers: anna,
    });
    expect(read.json()).toMatchObject({ version: 2, updatedBy: { firstName: 'Bruno', lastName: 'Riva' } });
    const submission = await t.app.inject({
      url: `/api/Call/GetSubmissionByID?submissionId=${submissionId}`,
      headers: anna,
    });
    expect(submission.statusCode, submission.body).toBe(200);
    // With the writer's id, the same for every read: a reader tells "you" from a teammate by it.
    const brunoId = second.json().updatedBy.id;
    expect(brunoId).not.toBe(first.json().updatedBy.id);
    expect(read.json().updatedBy.id).toBe(brunoId);
    expect(submission.json().stepResults).toEqual([
      expect.objectContaining({ stepId, updatedBy: { firstName: 'Bruno', lastName: 'Riva', id: brunoId } }),
    ]);
  });

  it('an admin reading the application does not learn who in the team saved what', async () => {
    const asAdmin = async (url: string) => {
      const res = await t.app.inject({ url, headers: adminHeaders });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const submission = await asAdmin(`/api/Call/GetSubmissionByIDAdmin?submissionId=${submissionId}`);
    expect(submission.stepResults).toEqual([expect.objectContaining({ stepId, updatedBy: null })]);
    const step = await asAdmin(`/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`);
    expect(step).toMatchObject({ version: 2, updatedBy: null });
  });

  it('a stale write is refused with 409 naming who saved the newer version, and changes nothing', async () => {
    const stale = await save(anna, 'Anna da una versione vecchia', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      type: '/problems/staleVersion',
      messageKey: 'errors.submissions.staleVersion',
      newer: { version: 2, updatedBy: { firstName: 'Bruno', lastName: 'Riva' } },
    });
    expect(stale.json().newer.updatedAt).toEqual(expect.any(String));
    // The answer itself is not in the refusal (the page reads it with GetStepResult).
    expect(stale.body).not.toContain('Bruno corregge');
    const read = await t.app.inject({
      url: `/api/Call/GetStepResult?submissionId=${submissionId}&StepId=${stepId}`,
      headers: anna,
    });
    expect(JSON.parse(read.json().content)).toEqual({ answer: 'Bruno corregge' });
  });
});
