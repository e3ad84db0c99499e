import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCallWithSteps, createOrganization } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';

type Headers = Record<string, string>;
const choices = Array.from({ length: 1_000 }, (_, i) => `c${i}`);
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.95) - 1] as number;

/**
 * Submit validates survey answers with SurveyJS, which takes one to three seconds for every
 * choice of a 1,000-choice question ticked (within the answer's bounds). On the event loop that
 * froze every other request; on the check thread, another applicant's autosave does not notice.
 */
describe('slow work stays off the event loop', () => {
  let t: TestApp;
  let call: { id: string; stepIds: string[] };
  const applicants: Array<{ headers: Headers; submissionId: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    call = await createCallWithSteps(t.app, admin.headers, [
      {
        name: 'Areas',
        type: 'survey',
        content: JSON.stringify({
          pages: [{ name: 'p', elements: [{ type: 'checkbox', name: 'areas', choices, isRequired: true }] }],
        }),
      },
    ]);
    for (const email of ['hostile@example.org', 'other@example.org']) {
      const who = await signInAs(t.database.db, { email });
      const org = await createOrganization(t.app, who.headers, email);
      const headers = { ...who.headers, 'x-organization-id': org };
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers,
        payload: { callId: call.id },
      });
      applicants.push({ headers, submissionId: started.json().id });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (who: { headers: Headers; submissionId: string }, answer: unknown, version: number) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallStepResult',
      headers: who.headers,
      payload: {
        callSubmissionId: who.submissionId,
        stepId: call.stepIds[0],
        content: JSON.stringify(answer),
        version,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ms: performance.now() - started, version: res.json().version as number };
  };

  it("another applicant's autosave keeps its pace while a heavy Submit is checked", async () => {
    const [hostile, other] = applicants as [(typeof applicants)[0], (typeof applicants)[0]];
    await save(hostile, { areas: choices }, 0);
    let version = 0;
    const timed = async (n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const r = await save(other, { areas: [`c${i}`] }, version);
        version = r.version;
        ms.push(r.ms);
      }
      return ms;
    };
    await timed(5); // warm-up
    const idle = p95(await timed(20));

    const submitStarted = performance.now();
    const submit = t.app.inject({
      method: 'POST',
      url: '/api/Call/CloseCallSubmission',
      headers: hostile.headers,
      payload: { submissionId: hostile.submissionId },
    });
    const during: number[] = [];
    let submitDone = false;
    void submit.then(() => {
      submitDone = true;
    });
    while (!submitDone && during.length < 200) during.push(...(await timed(1)));
    const closed = await submit;
    const submitMs = performance.now() - submitStarted;
    expect(closed.statusCode, closed.body).toBe(200);
    // The check did take long enough for writes to happen beside it...
    expect(submitMs).toBeGreaterThan(300);
    expect(during.length).toBeGreaterThan(5);
    // ...and they were not held up by it.
    // (A margin for a busy machine: a frozen loop holds a write for seconds.)
    expect(p95(during)).toBeLessThan(Math.max(2 * idle, idle + 50));
  });
});
