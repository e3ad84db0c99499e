import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOpenCall, createOrganization } from '../../test/fixtures';
import { signInAs } from '../../test/sign-in';
import { pdfRenderPool } from '../modules/pdf/render-pool';

/**
 * A render thread killed while it lays out a PDF (as a crash or the kernel would) costs that one
 * download a clean, translated error; the server keeps answering and the next PDF is made on a
 * new thread.
 */
describe('a thread killed mid-task', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let submissionId: string;
  const logged: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'error' }, { logStream: { write: (line) => logged.push(line) } });
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const applicant = await signInAs(t.database.db, { email: 'anna@ente.example' });
    const org = await createOrganization(t.app, applicant.headers, 'Aurora');
    const call = await createOpenCall(t.app, admin.headers);
    headers = { ...applicant.headers, 'x-organization-id': org };
    // A draft: its PDF is rendered at every download (a closed application's is stored once made).
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Call/UpsertCallSubmission',
      headers,
      payload: { callId: call.id },
    });
    submissionId = started.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const pdf = () => t.app.inject({ url: `/api/Call/GetSubmissionPdf?submissionId=${submissionId}`, headers });

  it('fails that download alone; the server answers and the next PDF is made', async () => {
    const outcomes = new Set<number>();
    for (let i = 0; i < 5; i++) {
      // A thread that is up (and, after a kill, a new one: the pool recovered).
      expect((await pdf()).statusCode).toBe(200);
      const download = pdf();
      await new Promise((r) => setTimeout(r, 5));
      await pdfRenderPool().killThreads();
      const res = await download;
      outcomes.add(res.statusCode);
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ messageKey: 'errors.pdf.failed' });
        // The cause stays in the log, under the answer's request id.
        expect(res.body).not.toMatch(/terminated|exited|worker/i);
        const requestId = res.json().requestId as string;
        const line = logged.find((l) => l.includes(requestId));
        expect(line).toMatch(/worker exited|terminated/i);
        expect(JSON.parse(line ?? '{}').level).toBe(50);
      }
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    }
    // At least one download was cut mid-render (a render may also finish first).
    expect(outcomes.has(500)).toBe(true);
    const next = await pdf();
    expect(next.statusCode).toBe(200);
    expect(next.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Five renders and five new threads: on a busy 2-core machine this takes 20-30 s.
  }, 90_000);
});
