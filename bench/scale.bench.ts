import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { seedFunder, startServerOnScratchDatabase } from './scale-data';
import { type BenchResult, closedLoop, getWith, type LoadFigures, openLoop, peakRss, rssMb } from './support';

/** Each measurement is this long, and made ROUNDS times, in turn with its yardstick. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A yardstick server (`script`, beside this file) in its own process, once it says it is ready. */
export async function forkYardstick(script: string, route: string, env: NodeJS.ProcessEnv, cleanUp = () => {}) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, script), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', () => reject(new Error(`${script} did not start`)));
  });
  return {
    url: `http://127.0.0.1:${port}${route}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      cleanUp();
    },
  };
}

/** A bare Fastify route answering `body`, in its own process. */
function startBare(body: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ic-bare-')), 'body.json');
  fs.writeFileSync(file, body);
  return forkYardstick('bare-server.ts', '/bare', { BARE_BODY_FILE: file }, () =>
    fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  );
}

/** The bare + SQL yardstick of the applicant call list (bare-sql-server.ts), on the same database. */
function startBareSql(databaseUrl: string) {
  return forkYardstick('bare-sql-server.ts', '/bare-sql', { DATABASE_URL: databaseUrl });
}

type Load = { rps: number; p50: number; p99: number; failures: number };

async function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  const r = await autocannon({ url, connections, duration: SECONDS, headers });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.errors + r.timeouts + r.non2xx,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The median of each figure over the rounds; failures are added up. */
function medianOf(loads: Load[]): Load {
  return {
    rps: median(loads.map((l) => l.rps)),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
    failures: loads.reduce((n, l) => n + l.failures, 0),
  };
}

/**
 * Each load ROUNDS times, in turn (a, b, c, a, b, c, …): on this shared 2-core machine the
 * throughput drifts by a quarter within a minute, and taking turns lets the drift hit every load
 * alike. Medians per load; the ratios are taken round by round (our route against the yardstick
 * measured right after it), and their median is the one reported, with their range.
 */
async function inTurns(loads: Array<() => Promise<Load>>): Promise<Load[][]> {
  const rounds: Load[][] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round: Load[] = [];
    for (const run of loads) round.push(await run());
    rounds.push(round);
  }
  return loads.map((_, index) => rounds.map((round) => round[index] as Load));
}

const ratiosOf = (ours: Load[], yardstick: Load[]) =>
  ours.map((l, i) => Number((l.rps / (yardstick[i]?.rps ?? Number.NaN)).toFixed(2)));

/** The applicant call list's load: this many distinct applicants, offered at this rate (open loop). */
const LIST_APPLICANTS = Number(process.env.BENCH_LIST_APPLICANTS ?? 1000);
const LIST_RATE = Number(process.env.BENCH_LIST_RATE ?? 500);
const LIST_SECONDS = Number(process.env.BENCH_LIST_SECONDS ?? 10);
/** Requests in flight when measuring capacity (closed loop). */
const CAPACITY_CONCURRENCY = 32;

type Funder = {
  server: Awaited<ReturnType<typeof startServerOnScratchDatabase>>['server'];
  databaseUrl: string;
  data: Awaited<ReturnType<typeof seedFunder>>;
  tokens: AccessTokens;
  idleMb: number;
};

/**
 * A real funder's size on PostgreSQL (1,000 calls, 100,000 submissions), the built server, and
 * `work` measuring it. The machine is shared: run it when idle.
 */
async function withFunder<T>(work: (funder: Funder) => Promise<T>): Promise<T> {
  const { database, secret, server } = await startServerOnScratchDatabase();
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const idleMb = rssMb(server.pid);
    const seeding = performance.now();
    const data = await seedFunder(database.url, undefined, LIST_APPLICANTS);
    console.log(`      seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    return await work({ server, databaseUrl: database.url, data, tokens: new AccessTokens(secret), idleMb });
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}

/**
 * The applicant call list (docs/decisions/0023-call-list-as-paged-sql-with-etag.md): page 1 of 20
 * for LIST_APPLICANTS distinct applicants in turn, offered at LIST_RATE requests/s in an open loop,
 * as first visits and as repeat visits (If-None-Match: the tag each got before, answered 304);
 * and the capacity of each (closed loop) beside the bare + SQL yardstick, in the same run, in turns.
 */
async function callListRows({ server, databaseUrl, data, tokens, idleMb }: Funder): Promise<BenchResult[]> {
  const pageUrl = `${server.url}/api/Call/GetCallListUser?page=1&pageSize=20`;
  const applicants = await Promise.all(
    data.applicants.map(async (a) => ({
      email: a.email,
      headers: {
        authorization: `Bearer ${await tokens.sign({ userId: a.id, email: a.email, roles: [], sessionId: a.sessionId })}`,
        'x-organization-id': a.organizationId,
        'accept-encoding': 'gzip, deflate, br',
      },
      tag: '',
    })),
  );
  const nth = (i: number) => applicants[i % applicants.length] as (typeof applicants)[number];
  const first = nth(0);
  const plain = await fetch(pageUrl, { headers: { ...first.headers, 'accept-encoding': 'identity' } });
  const pageBody = await plain.text();
  const total = Number(plain.headers.get('x-total-count'));
  // Each applicant's tag, as their browser keeps it from an earlier visit.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let compressedBytes = 0;
  for (let i = 0; i < applicants.length; i += 16) {
    await Promise.all(
      applicants.slice(i, i + 16).map(async (a) => {
        const answer = await getWith(pageUrl, agent, a.headers);
        if (answer.status !== 200 || !answer.etag) throw new Error(`first visit answered ${answer.status}`);
        a.tag = answer.etag;
        compressedBytes = answer.bytes;
      }),
    );
  }
  agent.destroy();
  const firstVisit = (i: number) => nth(i).headers;
  const repeatVisit = (i: number) => ({ ...nth(i).headers, 'if-none-match': nth(i).tag });
  const bareVisit = (i: number) => ({
    'x-bench-email': nth(i).email,
    'x-organization-id': nth(i).headers['x-organization-id'],
  });
  const bare = await startBareSql(databaseUrl);
  try {
    const bareBody = await (await fetch(bare.url, { headers: bareVisit(0) })).text();
    // The same page, field for field (the contract's serializer writes the fields in its own order).
    if (canonical(JSON.parse(bareBody)) !== canonical(JSON.parse(pageBody)))
      throw new Error('the bare + SQL route does not send the same page');
    // Warm-up: JIT, pools, prepared statements.
    await closedLoop(pageUrl, { concurrency: 8, seconds: 3, headersFor: firstVisit, ok: [200] });
    await closedLoop(bare.url, { concurrency: 8, seconds: 3, headersFor: bareVisit, ok: [200] });
    let listPeakMb = 0;
    const measured = async (run: () => Promise<LoadFigures>) => {
      const { result, peakMb } = await peakRss(server.pid, run);
      listPeakMb = Math.max(listPeakMb, peakMb);
      return result;
    };
    const open = { rate: LIST_RATE, seconds: LIST_SECONDS };
    const closed = { concurrency: CAPACITY_CONCURRENCY, seconds: LIST_SECONDS };
    const rounds: LoadFigures[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push([
        await measured(() => openLoop(pageUrl, { ...open, headersFor: firstVisit, ok: [200] })),
        await measured(() => openLoop(pageUrl, { ...open, headersFor: repeatVisit, ok: [304] })),
        await openLoop(bare.url, { ...open, headersFor: bareVisit, ok: [200] }),
        await measured(() => closedLoop(pageUrl, { ...closed, headersFor: firstVisit, ok: [200] })),
        await measured(() => closedLoop(pageUrl, { ...closed, headersFor: repeatVisit, ok: [304] })),
        await closedLoop(bare.url, { ...closed, headersFor: bareVisit, ok: [200] }),
      ]);
    }
    const column = (k: number) => rounds.map((r) => r[k] as LoadFigures);
    const [openFirst, openRepeat, openBare, capFirst, capRepeat, capBare] = [0, 1, 2, 3, 4, 5].map(column) as [
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
      LoadFigures[],
    ];
    const med = (loads: LoadFigures[], key: 'rps' | 'p50' | 'p99') => median(loads.map((l) => l[key]));
    const failures = (loads: LoadFigures[]) => loads.reduce((n, l) => n + l.failures, 0);
    const perRound = (loads: LoadFigures[], key: 'rps' | 'p99') => loads.map((l) => l[key]).join(' ');
    const ratios = capRepeat.map((l, i) => Number((l.rps / (capBare[i]?.rps ?? Number.NaN)).toFixed(2)));
    const firstRatios = capFirst.map((l, i) => Number((l.rps / (capBare[i]?.rps ?? Number.NaN)).toFixed(2)));
    const who = `page of 20 of ${total} calls, ${applicants.length} applicants, ${LIST_RATE} req/s offered (open loop)`;
    return [
      {
        name: `applicant call list, first visits, ${who}`,
        budget: 'p99 < 25 ms, 0 failures',
        ok: med(openFirst, 'p99') < 25 && failures(openFirst) === 0,
        figures: {
          p50: med(openFirst, 'p50'),
          p99: med(openFirst, 'p99'),
          p99PerRound: perRound(openFirst, 'p99'),
          answeredRps: med(openFirst, 'rps'),
          failures: failures(openFirst),
          bareSqlP50: med(openBare, 'p50'),
          bareSqlP99: med(openBare, 'p99'),
          pageBytes: pageBody.length,
          pageBytesBrotli: compressedBytes,
        },
      },
      {
        name: `applicant call list, repeat visits with If-None-Match, ${who}`,
        budget: 'p99 < 25 ms, every answer 304',
        ok: med(openRepeat, 'p99') < 25 && failures(openRepeat) === 0,
        figures: {
          p50: med(openRepeat, 'p50'),
          p99: med(openRepeat, 'p99'),
          p99PerRound: perRound(openRepeat, 'p99'),
          answeredRps: med(openRepeat, 'rps'),
          failures: failures(openRepeat),
          statuses: openRepeat.map((l) => l.statuses).join(' | '),
        },
      },
      {
        name: `applicant call list capacity, ${CAPACITY_CONCURRENCY} in flight (closed loop), against bare Fastify + the same SQL`,
        budget: '≥ 1,500 pages/s revalidated, ≥ 2 × bare + SQL',
        ok: med(capRepeat, 'rps') >= 1500 && median(ratios) >= 2 && failures(capRepeat) + failures(capFirst) === 0,
        figures: {
          revalidatedPagesPerS: med(capRepeat, 'rps'),
          firstVisitPagesPerS: med(capFirst, 'rps'),
          bareSqlPagesPerS: med(capBare, 'rps'),
          revalidatedToBareSql: median(ratios),
          ratiosPerRound: ratios.join(' '),
          firstVisitToBareSql: median(firstRatios),
          revalidatedP99: med(capRepeat, 'p99'),
          firstVisitP99: med(capFirst, 'p99'),
          bareSqlP99: med(capBare, 'p99'),
          rpsPerRound: `${perRound(capRepeat, 'rps')} / ${perRound(capFirst, 'rps')} / ${perRound(capBare, 'rps')}`,
        },
      },
      {
        name: 'server memory (built server, PostgreSQL)',
        budget: '≤ 200 MB RSS idle and under the call-list load',
        ok: idleMb <= 200 && listPeakMb <= 200,
        figures: { idleRssMb: idleMb, peakRssUnderListLoadMb: listPeakMb },
      },
    ];
  } finally {
    await bare.stop();
  }
}

/** The admin submissions tab alone (BENCH_ONLY=adminlist). */
export function benchAdminList(): Promise<BenchResult[]> {
  return withFunder(adminRows);
}

/** The applicant call list alone (BENCH_ONLY=calllist). */
export function benchCallList(): Promise<BenchResult[]> {
  return withFunder(callListRows);
}

/** The lists at a real funder's scale: the applicant call list, then the admin submissions tab. */
export function benchScale(): Promise<BenchResult[]> {
  return withFunder(async (funder) => [...(await callListRows(funder)), ...(await adminRows(funder))]);
}

/** The admin submissions tab, beside a bare Fastify route serving the very same body. */
async function adminRows({ server, data, tokens }: Funder): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const admin = {
    authorization: `Bearer ${await tokens.sign({ userId: data.admin.id, email: data.admin.email, roles: ['admin'], sessionId: data.admin.sessionId })}`,
  };
  // The admin submissions tab: a page of 50 with a total, first and half-way down 100,000 rows.
  const firstUrl = `${server.url}/api/Call/GetSubmissions?limit=50`;
  const middleUrl = `${firstUrl}&cursor=${data.middleCursor}`;
  const filteredUrl = `${firstUrl}&closed=true&search=ente%20u12`;
  // Filtered by what the status and decision badges say: counted on the rows, not the tallies.
  const statusUrl = `${firstUrl}&status=submitted`;
  const middle = await fetch(middleUrl, { headers: admin });
  if (!middle.ok || ((await middle.json()) as unknown[]).length !== 50)
    throw new Error('the half-way page is not a full page');
  const firstBody = await (await fetch(firstUrl, { headers: admin })).text();
  const adminBare = await startBare(firstBody);
  try {
    await load(firstUrl, 4, admin); // warm-up
    let peakMb = 0;
    const [firstRounds = [], deepRounds = [], filteredRounds = [], statusRounds = [], bareRounds = []] = await inTurns([
      async () => {
        const measured = await peakRss(server.pid, () => load(firstUrl, 10, admin));
        peakMb = Math.max(peakMb, measured.peakMb);
        return measured.result;
      },
      () => load(middleUrl, 10, admin),
      () => load(filteredUrl, 10, admin),
      () => load(statusUrl, 10, admin),
      () => load(adminBare.url, 10),
    ]);
    const first = medianOf(firstRounds);
    const deep = medianOf(deepRounds);
    const filtered = medianOf(filteredRounds);
    const byStatus = medianOf(statusRounds);
    const yardstick = medianOf(bareRounds);
    const deepRatio = Number((deep.p50 / Math.max(first.p50, 0.01)).toFixed(2));
    results.push({
      name: `admin GetSubmissions, page of 50 of ${data.counts.submissions} with total, 10 connections`,
      budget:
        'p99 < 50 ms on the first, the half-way and two filtered pages (a search; a status); half-way p50 ≤ 1.5 × first (today: 42.3 MB, 2.76 s, no paging)',
      ok:
        first.p99 < 50 &&
        deep.p99 < 50 &&
        filtered.p99 < 50 &&
        byStatus.p99 < 50 &&
        deepRatio <= 1.5 &&
        first.failures + deep.failures + filtered.failures + byStatus.failures === 0,
      figures: {
        firstRps: first.rps,
        firstP50: first.p50,
        firstP99: first.p99,
        halfwayP50: deep.p50,
        halfwayP99: deep.p99,
        filteredP99: filtered.p99,
        statusFilteredP99: byStatus.p99,
        p99PerRound: [firstRounds, deepRounds, filteredRounds, statusRounds]
          .map((rounds) => rounds.map((l) => l.p99).join(' '))
          .join(' / '),
        halfwayToFirst: deepRatio,
        bareRps: yardstick.rps,
        ratioToBare: median(ratiosOf(firstRounds, bareRounds)),
        peakRssMb: peakMb,
      },
    });
  } finally {
    await adminBare.stop();
  }
  return results;
}

/** JSON with every object's keys sorted: two bodies that say the same compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
