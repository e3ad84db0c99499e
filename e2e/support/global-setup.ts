import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `the app did not become ready at ${url}; its output:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`,
  );
}

/** The app runs as a process group (npm, sh, node): signal them all; a group already gone is fine. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already exited
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per journey running at a time (claimed in app-claim.ts): they share no data. */
    baseUrls: string[];
    /** Where a journey file marks the app it is using. */
    appClaimsDir: string;
    appLogFiles: string[];
  }
}

type RunningApp = { baseUrl: string; logFile: string; stop(): Promise<void> };

/** Runs one statement as the PostgreSQL server's administrator (create or drop a database). */
async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Where an app keeps its data: on the embedded database in its data directory, as `npm start`
 * does; or, where the tests have a PostgreSQL server (TEST_DATABASE_URL, as in CI), a fresh
 * database of its own there, production's database. PGlite runs inside the app's process, and
 * with two journeys at a time the machine's two cores are full: on PostgreSQL the journeys took
 * 290 s instead of 324 s. The embedded database keeps its own test in CI (the server's
 * `embedded-database.test.ts` runs what `npm start` runs on it).
 */
async function appDatabase(): Promise<{ url: string | null; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: null, drop: async () => {} };
  const name = `ic_journey_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

/** One app on a free port and a throw-away data directory, started by `npm <script>`. */
async function startApp(script: 'start' | 'run serve'): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-e2e-'));
  const logFile = path.join(dataDir, 'app.log');
  const log = fs.openSync(logFile, 'a');
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    HOST: 'localhost',
    // Every journey's browser is 127.0.0.1: together they register and sign in more often than
    // one person may (5 registrations per 15 minutes), so the per-address limits would refuse
    // whichever journey comes sixth. The limits themselves are tested in the server's tests.
    RATE_LIMIT_ALLOW_LIST: '127.0.0.1,::1,::ffff:127.0.0.1',
  };
  delete env.DATABASE_URL;
  const database = await appDatabase();
  if (database.url) env.DATABASE_URL = database.url;
  const child = spawn('npm', script.split(' '), { cwd: repoRoot, env, stdio: ['ignore', log, log], detached: true });
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      killGroup(child, 'SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(() => {
          killGroup(child, 'SIGKILL');
          r(null);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          r(null);
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (err) {
    killGroup(child, 'SIGKILL');
    await database.drop().catch(() => undefined);
    throw err;
  }
  return { baseUrl, logFile, stop };
}

/**
 * Starts the app as a person would (`npm start`: build, migrate, seed, serve; on PostgreSQL where
 * the tests have one, see `appDatabase`); every journey talks to it through Chromium. Journeys run two at a time, each on an app of its
 * own (the same build, served again on another port and data directory): they sign in as the same
 * demo accounts and change site-wide settings, which two journeys on one app would see.
 * `npm test` has just built, so there each app only serves (JOURNEYS_BUILT=1).
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.config.maxWorkers);
  const apps: RunningApp[] = [];
  const stopAll = () => Promise.all(apps.map((app) => app.stop()));
  try {
    // Only one build at a time may write the build's output; the others serve what it made.
    if (process.env.JOURNEYS_BUILT !== '1') apps.push(await startApp('start'));
    const started = await Promise.allSettled(Array.from({ length: count - apps.length }, () => startApp('run serve')));
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    await stopAll();
    throw err;
  }
  project.provide(
    'baseUrls',
    apps.map((app) => app.baseUrl),
  );
  const claimsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-e2e-claims-'));
  project.provide('appClaimsDir', claimsDir);
  project.provide(
    'appLogFiles',
    apps.map((app) => app.logFile),
  );
  return async () => {
    await stopAll();
    fs.rmSync(claimsDir, { recursive: true, force: true });
  };
}
