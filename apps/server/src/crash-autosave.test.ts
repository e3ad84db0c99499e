import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createOpenCall, createOrganization } from '../test/fixtures';
import { signInAs } from '../test/sign-in';

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The server as `npm run serve` starts it when `npm test` has just built it (JOURNEYS_BUILT=1),
 * else as `npm run dev:server` does (from source through tsx, about 5 s of CPU more per start).
 */
const BUILT_MAIN = 'apps/server/dist/main.js';
const serverArgs =
  process.env.JOURNEYS_BUILT === '1' && fs.existsSync(path.join(ROOT, BUILT_MAIN))
    ? [BUILT_MAIN]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];

/** The server on the given PostgreSQL database. */
function startServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, serverArgs, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'fatal',
    },
    stdio: 'ignore',
  });
}

async function waitReady(base: string, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

/**
 * SIGKILL in the middle of an autosave surge, restart, and every write the
 * server acknowledged (200) is there. PostgreSQL only (TEST_DATABASE_URL): the embedded database
 * lives inside the killed process and the test could not prepare users beside it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('crash during an autosave surge (PostgreSQL)', () => {
  let t: TestApp | undefined;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await t?.close();
  });

  it('keeps every acknowledged write across a SIGKILL', async () => {
    t = await buildTestApp();
    const raw = t.database.raw;
    const url = raw.kind === 'postgres' ? String(raw.pool.options.connectionString) : '';
    const admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    const call = await createOpenCall(t.app, admin.headers);
    const writers: Array<{ headers: Record<string, string>; submissionId: string }> = [];
    for (let i = 0; i < 6; i++) {
      const user = await signInAs(t.database.db, { email: `writer${i}@example.org` });
      const org = await createOrganization(t.app, user.headers, `Writer ${i}`);
      const headers = { ...user.headers, 'x-organization-id': org };
      const sub = await t.app.inject({
        method: 'POST',
        url: '/api/Call/UpsertCallSubmission',
        headers,
        payload: { callId: call.id },
      });
      writers.push({ headers, submissionId: sub.json().id });
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer(url, port);
    await waitReady(base);

    const acked = writers.map(() => ({ version: -1, answer: '' }));
    const inFlight = writers.map(() => new Set<string>());
    let stop = false;
    const surge = writers.map(async (w, i) => {
      let version = 0;
      for (let n = 0; !stop; n++) {
        const answer = `writer ${i} save ${n}`;
        inFlight[i]?.add(answer);
        try {
          const res = await fetch(`${base}/api/Call/UpsertCallStepResult`, {
            method: 'POST',
            headers: { ...w.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              callSubmissionId: w.submissionId,
              stepId: call.textStepId,
              content: JSON.stringify({ answer }),
              version,
            }),
          });
          if (res.status !== 200) return;
          const body = (await res.json()) as { version: number };
          version = body.version;
          acked[i] = { version, answer };
        } catch {
          return; // the server is gone
        }
      }
    });
    // Kill once every writer has had a few acknowledged saves.
    const until = Date.now() + 30_000;
    while (acked.some((a) => a.version < 3) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(surge);
    expect(acked.every((a) => a.version >= 3)).toBe(true);

    server = startServer(url, port);
    await waitReady(base);
    for (const [i, w] of writers.entries()) {
      const res = await fetch(
        `${base}/api/Call/GetStepResult?submissionId=${w.submissionId}&StepId=${call.textStepId}`,
        { headers: w.headers },
      );
      expect(res.status).toBe(200);
      const stored = (await res.json()) as { version: number; content: string };
      const answer = (JSON.parse(stored.content) as { answer: string }).answer;
      // The last acknowledged save, or one sent after it that committed before the kill.
      expect(stored.version).toBeGreaterThanOrEqual(acked[i]?.version ?? 0);
      if (stored.version === acked[i]?.version) expect(answer).toBe(acked[i]?.answer);
      else expect(inFlight[i]?.has(answer)).toBe(true);
    }
    server.kill('SIGTERM');
  }, 120_000);
});
