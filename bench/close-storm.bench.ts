import http from 'node:http';
import pg from 'pg';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { type Draft, seedDeadlineDrafts } from './close-storm-data';
import { forkYardstick } from './scale.bench';
import { seedFunder, startServerOnScratchDatabase } from './scale-data';
import { type BenchResult, cpuMs, percentile, postWith } from './support';

/** Submits per phase; the spread phase offers them at SPREAD_RATE a second (open loop). */
const CLOSES = Number(process.env.BENCH_CLOSES ?? 1000);
const SPREAD_RATE = Number(process.env.BENCH_CLOSE_RATE ?? 100);
const WARMUP = 50;
/** BENCH_CLOSE_SURVEY=1: the call's second step is a survey (SurveyJS checks it on a thread). */
const WITH_SURVEY = process.env.BENCH_CLOSE_SURVEY === '1';
/** BENCH_CLOSE_FUNDER=0 skips the funder's 100,000 submissions around the deadline call (a quick run). */
const WITH_FUNDER = process.env.BENCH_CLOSE_FUNDER !== '0';

type Target = { url: string; headersFor: (d: Draft) => http.OutgoingHttpHeaders; body: (d: Draft) => string };
type Phase = { closes: number; perSecond: number; p50: number; p95: number; p99: number; statuses: string };

/**
 * Fires one Submit per draft, the i-th due at start + i / rate (rate Infinity: all at once),
 * whatever became of the earlier ones; latency counts from the moment each was due.
 */
async function fire(target: Target, drafts: Draft[], rate: number): Promise<Phase & { ok: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  const count = (status: string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const started = performance.now();
  const pending = drafts.map(async (draft, i) => {
    const due = started + (Number.isFinite(rate) ? (i * 1000) / rate : 0);
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((r) => setTimeout(r, wait));
    try {
      const answer = await postWith(target.url, agent, target.headersFor(draft), target.body(draft));
      latencies.push(performance.now() - due);
      count(String(answer.status));
    } catch {
      count('network');
    }
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => Math.round(percentile(sorted, q));
  const ok = statuses.get('200') ?? 0;
  return {
    ok,
    closes: ok,
    perSecond: Math.round(ok / seconds),
    p50: p(50),
    p95: p(95),
    p99: p(99),
    statuses: [...statuses].map(([s, n]) => `${s}:${n}`).join(' '),
  };
}

/** The database's own view afterwards: closed submissions of the call, and those with their record and two receipts. */
async function closedInDatabase(c: pg.Client, callId: string) {
  const row = (
    await c.query<{ closed: number; recorded: number }>(
      `select count(*) filter (where s.closed)::int as closed,
              count(*) filter (where s.closed and exists (
                select 1 from submission_records r
                where r.call_submission_id = s.id
                  and (select count(*) from email_attachments a where a.submission_record_id = r.id) = 2))::int as recorded
       from call_submissions s where s.call_id = $1`,
      [callId],
    )
  ).rows[0];
  return { closed: row?.closed ?? 0, recorded: row?.recorded ?? 0 };
}

/** CPU of the database's backends serving this database so far (ms): the PostgreSQL side of a close. */
async function backendsCpuMs(c: pg.Client) {
  const pids = (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()'))
    .rows;
  return pids.reduce((sum, { pid }) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum; // a backend that ended meanwhile
    }
  }, 0);
}

/** Runs a phase, with the CPU its server (`pid`) and the database's backends spent per close answered (ms). */
async function withCpuPerClose(c: pg.Client, pid: number, run: () => Promise<Phase & { ok: number }>) {
  const node0 = cpuMs(pid);
  const pg0 = await backendsCpuMs(c);
  const client0 = process.cpuUsage();
  const phase = await run();
  const client = process.cpuUsage(client0);
  const closes = Math.max(1, phase.ok);
  const nodeCpuMsPerClose = (cpuMs(pid) - node0) / closes;
  const pgCpuMsPerClose = ((await backendsCpuMs(c)) - pg0) / closes;
  // The load's own CPU on the same two cores (this process): what neither server can spend.
  const clientCpuMsPerClose = (client.user + client.system) / 1000 / closes;
  return { phase, nodeCpuMsPerClose, pgCpuMsPerClose, clientCpuMsPerClose };
}

/**
 * The deadline close storm (docs/decisions/0026-closing-in-parallel-and-cheap.md), on PostgreSQL
 * beside a funder's 100,000 submissions: CLOSES drafts with every required answer Submitted
 * through the wizard's route, offered at SPREAD_RATE a second, then another CLOSES at the same
 * instant; each phase also against the bare + SQL yardstick (bare-close-server.ts) in the same
 * run, on drafts of its own. Afterwards every Submit answered 200 must be closed in the database
 * with its record and its two receipts.
 */
export async function benchCloseStorm(): Promise<BenchResult[]> {
  const { database, secret, server } = await startServerOnScratchDatabase();
  const c = new pg.Client({ connectionString: database.url });
  try {
    if (WITH_FUNDER) await seedFunder(database.url);
    const { callIds, drafts } = await seedDeadlineDrafts(
      database.url,
      { calls: 4, applicants: CLOSES + WARMUP, withSurvey: WITH_SURVEY },
      new AccessTokens(secret),
    );
    await c.connect();
    const [ourSpread, ourBurst, bareSpread, bareBurst] = drafts.map((d) => d.slice(0, CLOSES)) as [
      Draft[],
      Draft[],
      Draft[],
      Draft[],
    ];
    const ours: Target = {
      url: `${server.url}/api/Call/CloseCallSubmission`,
      headersFor: (d) => ({ authorization: `Bearer ${d.token}`, 'x-organization-id': d.organizationId }),
      body: (d) => JSON.stringify({ submissionId: d.submissionId, language: 'it' }),
    };
    const yardstick = await forkYardstick('bare-close-server.ts', '/bare-close', { DATABASE_URL: database.url });
    try {
      const bare: Target = {
        url: yardstick.url,
        headersFor: (d) => ({ 'x-bench-submission': d.submissionId, 'x-bench-user': d.userId }),
        body: () => '{}',
      };
      // Warm-up on drafts of their own: JIT, pools, prepared statements, as on a deadline day.
      await fire(ours, drafts[0]?.slice(CLOSES) ?? [], 50);
      await fire(bare, drafts[2]?.slice(CLOSES) ?? [], 50);
      const {
        phase: spread,
        nodeCpuMsPerClose,
        pgCpuMsPerClose,
      } = await withCpuPerClose(c, server.pid, () => fire(ours, ourSpread, SPREAD_RATE));
      const bareSpreadRun = await fire(bare, bareSpread, SPREAD_RATE);
      // Sessions waiting on a lock during each burst: a lock that serialised commits would show here.
      const [
        {
          phase: burst,
          nodeCpuMsPerClose: burstNodeCpuMsPerClose,
          pgCpuMsPerClose: burstPgCpuMsPerClose,
          clientCpuMsPerClose: burstClientCpuMsPerClose,
        },
        lockWaits,
      ] = await whileWatchingLockWaits(database.url, () =>
        withCpuPerClose(c, server.pid, () => fire(ours, ourBurst, Number.POSITIVE_INFINITY)),
      );
      const [
        {
          phase: bareBurstRun,
          nodeCpuMsPerClose: bareNodeCpuMsPerClose,
          pgCpuMsPerClose: barePgCpuMsPerClose,
          clientCpuMsPerClose: bareClientCpuMsPerClose,
        },
        bareLockWaits,
      ] = await whileWatchingLockWaits(database.url, () =>
        withCpuPerClose(c, yardstick.pid, () => fire(bare, bareBurst, Number.POSITIVE_INFINITY)),
      );
      const spreadDb = await closedInDatabase(c, callIds[0] ?? '');
      const burstDb = await closedInDatabase(c, callIds[1] ?? '');
      // Every submission of the two measured calls was closed through the route (warm-ups included).
      const expectedSpread = CLOSES + WARMUP;
      const notifyTriggers = (
        await c.query<{ n: number }>(
          `select count(*)::int as n from pg_trigger t join pg_proc p on p.oid = t.tgfoid
           where not t.tgisinternal and p.prosrc ~* 'notify|advisory'`,
        )
      ).rows[0]?.n;
      const form = WITH_SURVEY ? 'a text and a survey' : 'two texts';
      return [
        {
          name: `deadline close storm: ${CLOSES} Submits (${form}) offered at ${SPREAD_RATE}/s, open loop (PostgreSQL${WITH_FUNDER ? ', 100,000 other submissions' : ''})`,
          budget: 'all closed with record and receipts, 0 errors, p99 < 150 ms',
          ok: spread.ok === CLOSES && spreadDb.recorded === expectedSpread && spread.p99 < 150,
          figures: {
            closed: spread.ok,
            statuses: spread.statuses,
            closedInDatabase: spreadDb.closed,
            withRecordAndReceipts: spreadDb.recorded,
            p50: spread.p50,
            p95: spread.p95,
            p99: spread.p99,
            nodeCpuMsPerClose: Number(nodeCpuMsPerClose.toFixed(2)),
            postgresCpuMsPerClose: Number(pgCpuMsPerClose.toFixed(2)),
            bareSqlP50: bareSpreadRun.p50,
            bareSqlP99: bareSpreadRun.p99,
            bareSqlStatuses: bareSpreadRun.statuses,
          },
        },
        {
          name: `deadline close storm: ${CLOSES} Submits (${form}) at the same instant (PostgreSQL), against bare Fastify + the same SQL`,
          budget:
            'all closed, 0 errors (no 503), ≥ 600 closes/s, p99 < 2 s, no session waiting on a lock but a table’s growth',
          ok:
            burst.ok === CLOSES &&
            burstDb.recorded === CLOSES &&
            burst.perSecond >= 600 &&
            burst.p99 < 2000 &&
            lockWaits.maxBesidesGrowth === 0,
          figures: {
            closed: burst.ok,
            statuses: burst.statuses,
            closedInDatabase: burstDb.closed,
            withRecordAndReceipts: burstDb.recorded,
            closesPerS: burst.perSecond,
            p50: burst.p50,
            p95: burst.p95,
            p99: burst.p99,
            nodeCpuMsPerClose: Number(burstNodeCpuMsPerClose.toFixed(2)),
            postgresCpuMsPerClose: Number(burstPgCpuMsPerClose.toFixed(2)),
            loadCpuMsPerClose: Number(burstClientCpuMsPerClose.toFixed(2)),
            sessionsWaitingOnLocksMax: lockWaits.max,
            lockWaitsSeen: lockWaits.kinds,
            notifyOrAdvisoryTriggers: notifyTriggers ?? -1,
            bareSqlClosesPerS: bareBurstRun.perSecond,
            bareSqlP99: bareBurstRun.p99,
            bareSqlNodeCpuMsPerClose: Number(bareNodeCpuMsPerClose.toFixed(2)),
            bareSqlPostgresCpuMsPerClose: Number(barePgCpuMsPerClose.toFixed(2)),
            bareSqlLoadCpuMsPerClose: Number(bareClientCpuMsPerClose.toFixed(2)),
            bareSqlStatuses: bareBurstRun.statuses,
            bareSqlSessionsWaitingOnLocksMax: bareLockWaits.max,
            bareSqlLockWaitsSeen: bareLockWaits.kinds,
            toBareSql: Number((burst.perSecond / Math.max(1, bareBurstRun.perSecond)).toFixed(2)),
          },
        },
      ];
    } finally {
      await yardstick.stop();
    }
  } finally {
    await c.end().catch(() => {});
    await server.stop();
    await database.drop();
  }
}

/**
 * Samples every 20 ms the sessions of the database waiting on a lock while `work` runs: the most at
 * once, the most besides `extend`, and each kind seen with the most of it at once. `extend` is a
 * table or index growing by a page, which bare + SQL meets too and which serialises no commit;
 * `transactionid` and `tuple` are a row another transaction holds.
 */
async function whileWatchingLockWaits<T>(url: string, work: () => Promise<T>) {
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  let max = 0;
  let maxBesidesGrowth = 0;
  const kinds = new Map<string, number>();
  let watching = true;
  const watching$ = (async () => {
    while (watching) {
      const rows = (
        await watcher.query<{ event: string; n: number }>(
          `select wait_event as event, count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' group by wait_event`,
        )
      ).rows;
      const sum = (counted: (event: string) => boolean) => rows.reduce((n, r) => n + (counted(r.event) ? r.n : 0), 0);
      max = Math.max(
        max,
        sum(() => true),
      );
      maxBesidesGrowth = Math.max(
        maxBesidesGrowth,
        sum((event) => event !== 'extend'),
      );
      for (const r of rows) kinds.set(r.event, Math.max(kinds.get(r.event) ?? 0, r.n));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work();
    const seen = [...kinds].map(([event, n]) => `${event}:${n}`).join(',') || 'none';
    return [result, { max, maxBesidesGrowth, kinds: seen }] as const;
  } finally {
    watching = false;
    await watching$;
    await watcher.end();
  }
}
