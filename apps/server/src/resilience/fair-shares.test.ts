import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCallWithSteps, createOpenCall, createOrganization, submitToCall } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';

/**
 * Ten PDF requests at once for one's own submission once slowed another applicant's PDF from
 * 0.57 s to 92 s: they filled the render queue. Two at a time per person now; the others are
 * told to wait (429, Retry-After), and the other applicant's PDF is made meanwhile.
 */
describe('PDF downloads and Submits are shared fairly', () => {
  let t: TestApp;
  const people: Array<{ headers: Record<string, string>; submissionId: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const call = await createOpenCall(t.app, admin.headers);
    for (const email of ['eager@example.org', 'other@example.org']) {
      const who = await signInAs(t.database.db, { email });
      const org = await createOrganization(t.app, who.headers, email);
      const submissionId = await submitToCall(t.app, who.headers, org, call);
      people.push({ headers: { ...who.headers, 'x-organization-id': org }, submissionId });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const pdf = (who: (typeof people)[0]) =>
    t.app.inject({ url: `/api/Call/GetSubmissionPdf?submissionId=${who.submissionId}`, headers: who.headers });

  it('ten at once from one person: two are made, eight wait their turn; another person is served', async () => {
    const [eager, other] = people as [(typeof people)[0], (typeof people)[0]];
    const burst = Array.from({ length: 10 }, () => pdf(eager));
    const theirs = await pdf(other);
    const answers = await Promise.all(burst);
    expect(theirs.statusCode).toBe(200);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]?.headers['retry-after']).toBe('5');
    expect(refused[0]?.json()).toMatchObject({ messageKey: 'errors.pdf.tooManyAtOnce' });
    // Their turn comes back as soon as theirs are made.
    expect((await pdf(eager)).statusCode).toBe(200);
  });

  it('one Submit at a time per person: a second press while the first is checked is told to wait', async () => {
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    // A check that takes a moment: every choice of a 1,000-choice question ticked.
    const choices = Array.from({ length: 1_000 }, (_, i) => `c${i}`);
    const call = await createCallWithSteps(t.app, admin.headers, [
      {
        name: 'Areas',
        type: 'survey',
        content: JSON.stringify({ pages: [{ name: 'p', elements: [{ type: 'checkbox', name: 'areas', choices }] }] }),
      },
    ]);
    const [eager] = people as [(typeof people)[0]];
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: eager.headers, payload });
    const submissionId = (await post('/api/Call/UpsertCallSubmission', { callId: call.id })).json().id as string;
    const saved = await post('/api/Call/UpsertCallStepResult', {
      callSubmissionId: submissionId,
      stepId: call.stepIds[0],
      content: JSON.stringify({ areas: choices }),
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = post('/api/Call/CloseCallSubmission', { submissionId });
    await new Promise((r) => setTimeout(r, 50));
    const second = await post('/api/Call/CloseCallSubmission', { submissionId });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ messageKey: 'errors.submissions.alreadySubmitting' });
    expect(second.headers['retry-after']).toBe('2');
    expect((await first).statusCode).toBe(200);
  });
});
