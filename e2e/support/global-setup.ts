import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
    baseUrl: string;
    appLogFile: string;
  }
}

/**
 * Starts the app exactly as a person would (`npm start`: build, migrate, seed, serve) on a free
 * port and a throw-away data directory; every journey talks to it through Chromium.
 */
export default async function setup(project: TestProject) {
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
  delete env.DATABASE_URL; // journeys run on the embedded database, as `npm start` does
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: ['ignore', log, log], detached: true });
  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (err) {
    killGroup(child, 'SIGKILL');
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('appLogFile', logFile);

  return async () => {
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
  };
}
