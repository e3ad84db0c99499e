import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

export type BenchResult = { name: string; budget: string; ok: boolean; figures: Record<string, number | string> };

/**
 * The real server as `npm run serve` runs it (the built JavaScript, apps/server/dist/main.js, when
 * `npm run build` has made it; the TypeScript sources otherwise), in its own process (so the load
 * generator does not steal its event loop), on a free loopback port and a throw-away embedded
 * database, or on PostgreSQL when BENCH_DATABASE_URL (or `databaseUrl`) is set.
 */
export async function startBenchServer(
  options: { seedDemo?: boolean; databaseUrl?: string; env?: NodeJS.ProcessEnv; nodeArgs?: string[] } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
  };
  const serve = serveCommand();
  Object.assign(env, serve.env);
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  Object.assign(env, options.env);
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  const args = [
    ...serve.flags,
    ...(options.nodeArgs ?? []),
    ...(fs.existsSync(built) ? [built] : ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]),
  ];
  const child = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('bench server did not start');
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** A bounded load: `total` requests, `concurrency` at a time, loopback only. */
export async function load(url: string, total: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const status = await get(url, agent);
        if (status !== 200) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  return { requests: total, failures, ...summarize(latencies, started) };
}

/** Throughput and latency percentiles of a finished run (latencies in ms, started from performance.now()). */
export function summarize(latencies: number[], started: number) {
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => Number(percentile(sorted, q).toFixed(2));
  return { rps: Math.round(sorted.length / seconds), p50: p(50), p95: p(95), p99: p(99) };
}

/** node:http with keep-alive: far lighter than fetch, so the client does not become the bottleneck. */
function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * What `npm run serve` (and so `npm start`) gives the server: the environment it sets before
 * `node` (`NAME=value`, or `NAME=${NAME:-value}` for a default the caller's environment may
 * override; no spaces or quotes in either) and the words between `node` and the script, so the memory measured is that of the
 * server people run (a flag left out once hid 50 MB of RSS). Each flag must carry its value after
 * `=`: a value given as the next word would be read as the script.
 */
export function serveCommand(script = readServeScript()): { env: Record<string, string>; flags: string[] } {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error('npm run serve: expected `node` in the script');
  const env: Record<string, string> = {};
  for (const word of words.slice(0, node)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) throw new Error(`npm run serve: ${word} is neither NAME=value nor node`);
    const [, name = '', value = ''] = assignment;
    const withDefault = /^\$\{([A-Z_][A-Z0-9_]*):-([^$'"\\`}]*)\}$/.exec(value);
    if (!withDefault && /[$'"\\`]/.test(value)) {
      throw new Error(
        `npm run serve: write ${word} as NAME=value or NAME=\${NAME:-value}, which the benches can follow`,
      );
    }
    // As the shell's `:-`: an empty value counts as unset.
    env[name] = withDefault ? process.env[withDefault[1] ?? ''] || (withDefault[2] ?? '') : value;
  }
  const after = words.slice(node + 1);
  const flags = after.slice(
    0,
    after.findIndex((word) => !word.startsWith('-')),
  );
  const separate = flags.find((flag) => !/^--[a-z-]+(=\S+)?$/.test(flag));
  if (separate) throw new Error(`npm run serve: write ${separate} as --flag=value for the benches to pass it on`);
  return { env, flags };
}

function readServeScript(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  return pkg.scripts.serve;
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Samples a process's RSS while `work` runs; the peak, in MB. */
export async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 100);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

export type Answer = { status: number; etag: string | undefined; bytes: number };

/** One GET on a keep-alive agent; the body is read (and counted), not kept. */
export function getWith(url: string, agent: http.Agent, headers: http.OutgoingHttpHeaders): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, bytes }));
      })
      .on('error', reject);
  });
}

export type LoadFigures = {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  statuses: string;
};

function figuresOf(latencies: number[], seconds: number, statuses: Map<number, number>, failures: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => Number(percentile(sorted, q).toFixed(2));
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: p(50),
    p99: p(99),
    failures,
    statuses: [...statuses].map(([status, n]) => `${status}:${n}`).join(' '),
  };
}

/**
 * Open loop: request i is sent at start + i / rate whatever became of the earlier ones (a closed
 * loop waits for answers and so slows down with the server, hiding its queue), on as many sockets
 * as it takes. Latency counts from the moment the request was due, so a late sender shows too.
 * `ok`: the statuses that count as answered (others are failures). Loopback only, bounded in count.
 */
export async function openLoop(
  url: string,
  options: { rate: number; seconds: number; headersFor: (i: number) => http.OutgoingHttpHeaders; ok: number[] },
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let failures = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      getWith(url, agent, options.headersFor(i)).then(
        (answer) => {
          latencies.push(performance.now() - due);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (!options.ok.includes(answer.status)) failures++;
        },
        () => {
          failures++;
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return figuresOf(latencies, (performance.now() - started) / 1000, statuses, failures);
}

/** Closed loop at `concurrency`: as fast as the server answers, for `seconds` (its capacity). */
export async function closedLoop(
  url: string,
  options: { concurrency: number; seconds: number; headersFor: (i: number) => http.OutgoingHttpHeaders; ok: number[] },
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const answer = await getWith(url, agent, options.headersFor(next++));
          latencies.push(performance.now() - t0);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (!options.ok.includes(answer.status)) failures++;
        } catch {
          failures++;
        }
      }
    }),
  );
  agent.destroy();
  return figuresOf(latencies, (performance.now() - started) / 1000, statuses, failures);
}

/** One POST of a JSON body on a keep-alive agent; the answer's status and text. */
export function postWith(
  url: string,
  agent: http.Agent,
  headers: http.OutgoingHttpHeaders,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU time (user + system, every thread) a process has used so far, in ms (Linux, USER_HZ 100). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
