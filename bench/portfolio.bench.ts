import http from 'node:http';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { type PortfolioSizes, seedPortfolio } from './portfolio-data';
import { forkYardstick } from './scale.bench';
import { startServerOnScratchDatabase } from './scale-data';
import { type BenchResult, closedLoop, getWith, percentile } from './support';

const SIZES: PortfolioSizes = {
  calls: Number(process.env.BENCH_PORTFOLIO_CALLS ?? 1000),
  grantCalls: Number(process.env.BENCH_PORTFOLIO_GRANT_CALLS ?? 200),
  grants: Number(process.env.BENCH_PORTFOLIO_GRANTS ?? 1000),
  reportsPerGrant: 10,
};
/** Sequential requests per view and round, each round in turn with the yardstick. */
const REQUESTS = Number(process.env.BENCH_PORTFOLIO_REQUESTS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUDGET_P95_MS = 200;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

type Portfolio = {
  totals: { grants: number; reportsOverdue: number };
  bySdg: Array<{ sdg: number; grants: number; actualSroi: number | null }>;
  grants: unknown[];
};

/** `count` requests one after the other (an officer opening the page), on a keep-alive socket. */
async function sequential(url: string, headers: http.OutgoingHttpHeaders, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const answer = await getWith(url, agent, headers);
    latencies.push(performance.now() - t0);
    if (answer.status !== 200) failures += 1;
    bytes = answer.bytes;
  }
  agent.destroy();
  return { latencies, failures, bytes };
}

const percentiles = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (q: number) => Number(percentile(sorted, q).toFixed(1));
  return { p50: p(50), p95: p(95), p99: p(99) };
};

/**
 * GET Report/GetPortfolio (decisions 0043 and 0044) on a funder with 1,000 grants and 10,000
 * reports on PostgreSQL: p95 < 200 ms per request, unfiltered (every grant in one answer) and
 * filtered by call, SDG and year, measured one request at a time as an officer's page asks, each
 * view in turns with bare Fastify running the same statement and fold (bare-portfolio-server.ts).
 * Figures in docs/OPERATIONS.md ("The funder's portfolio").
 */
export async function benchPortfolio(): Promise<BenchResult[]> {
  const { database, secret, server } = await startServerOnScratchDatabase();
  let bare: Awaited<ReturnType<typeof forkYardstick>> | undefined;
  try {
    const seeding = performance.now();
    const data = await seedPortfolio(database.url, SIZES);
    const seedSeconds = Number(((performance.now() - seeding) / 1000).toFixed(1));
    console.log(`      seeded in ${seedSeconds} s: ${JSON.stringify(data.counts)}`);
    const tokens = new AccessTokens(secret);
    const admin = {
      authorization: `Bearer ${await tokens.sign({ userId: data.admin.id, email: data.admin.email, roles: ['admin'], sessionId: data.admin.sessionId })}`,
    };
    const route = `${server.url}/api/Report/GetPortfolio`;
    const plainRes = await fetch(route, { headers: { ...admin, 'accept-encoding': 'identity' } });
    const plainBody = await plainRes.text();
    const whole = JSON.parse(plainBody) as Portfolio;
    if (whole.grants.length !== SIZES.grants) throw new Error(`the portfolio lists ${whole.grants.length} grants`);
    if (!whole.totals.reportsOverdue || !whole.bySdg.some((s) => s.actualSroi !== null))
      throw new Error('the seed has no overdue report or no actual SROI');
    // The SDG most grants pursue: the heaviest of the filtered views.
    const sdg = [...whole.bySdg].sort((a, b) => b.grants - a.grants)[0]?.sdg ?? 1;
    const views = [
      { name: 'unfiltered', query: '' },
      { name: 'callId', query: `callId=${data.callId}` },
      { name: `sdg=${sdg}`, query: `sdg=${sdg}` },
      { name: `year=${data.year}`, query: `year=${data.year}` },
    ];
    bare = await forkYardstick('bare-portfolio-server.ts', '/bare-sql', { DATABASE_URL: database.url });
    const yardstick = bare;
    const bareBody = await (await fetch(yardstick.url)).text();
    const bareText = JSON.stringify(JSON.parse(bareBody));
    const ourText = JSON.stringify(whole);
    if (bareText !== ourText) {
      const at = [...bareText].findIndex((c, i) => c !== ourText[i]);
      throw new Error(
        `the bare + SQL route does not send the same portfolio: at ${at}, ${bareText.slice(at - 80, at + 80)} against ${ourText.slice(at - 80, at + 80)}`,
      );
    }
    const answers = await Promise.all(
      views.map(
        async (v) =>
          ((await (await fetch(`${route}?${v.query}`, { headers: admin })).json()) as Portfolio).grants.length,
      ),
    );
    // Warm-up: JIT, pools, plans.
    for (const v of views) {
      await sequential(`${route}?${v.query}`, { ...admin, ...BROWSER }, 10);
      await sequential(`${yardstick.url}?${v.query}`, {}, 10);
    }
    const ours = views.map(() => [] as number[]);
    const theirs = views.map(() => [] as number[]);
    const compressed = views.map(() => 0);
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, v] of views.entries()) {
        const real = await sequential(`${route}?${v.query}`, { ...admin, ...BROWSER }, REQUESTS);
        const yard = await sequential(`${yardstick.url}?${v.query}`, {}, REQUESTS);
        ours[i]?.push(...real.latencies);
        theirs[i]?.push(...yard.latencies);
        compressed[i] = real.bytes;
        failures += real.failures + yard.failures;
      }
    }
    // Throughput with four officers at once, beside the yardstick: recorded, no budget.
    const capacityOurs = await closedLoop(route, {
      concurrency: 4,
      seconds: 5,
      headersFor: () => ({ ...admin, ...BROWSER }),
      ok: [200],
    });
    const capacityBare = await closedLoop(yardstick.url, {
      concurrency: 4,
      seconds: 5,
      headersFor: () => ({}),
      ok: [200],
    });
    const results: BenchResult[] = views.map((v, i) => {
      const real = percentiles(ours[i] ?? []);
      const yard = percentiles(theirs[i] ?? []);
      return {
        name: `GET Report/GetPortfolio ${v.name}, ${data.counts.grants} grants, ${data.counts.reports} reports, sequential`,
        budget: `p95 < ${BUDGET_P95_MS} ms`,
        ok: real.p95 < BUDGET_P95_MS && failures === 0,
        figures: {
          grantsInAnswer: answers[i] ?? 0,
          ...real,
          bareSqlP50: yard.p50,
          bareSqlP95: yard.p95,
          bareSqlP99: yard.p99,
          p95ToBareSql: Number((real.p95 / Math.max(yard.p95, 0.01)).toFixed(2)),
          compressedBytes: compressed[i] ?? 0,
          ...(i === 0 ? { jsonBytes: Buffer.byteLength(plainBody), seedSeconds } : {}),
        },
      };
    });
    results.push({
      name: 'GET Report/GetPortfolio unfiltered, 4 in flight (closed loop), beside bare + SQL',
      budget: 'recorded, no budget',
      ok: capacityOurs.failures + capacityBare.failures === 0,
      figures: {
        rps: capacityOurs.rps,
        p50: capacityOurs.p50,
        p99: capacityOurs.p99,
        bareSqlRps: capacityBare.rps,
        bareSqlP50: capacityBare.p50,
        bareSqlP99: capacityBare.p99,
      },
    });
    const head = results[0]?.figures;
    console.log(
      `      verdict: GetPortfolio unfiltered p95 ${head?.p95} ms (bare + SQL ${head?.bareSqlP95} ms) against the ${BUDGET_P95_MS} ms budget: ${results.slice(0, views.length).every((r) => r.ok) ? 'WITHIN' : 'OVER'} (every view: ${results
        .slice(0, views.length)
        .map((r) => r.figures.p95)
        .join(' / ')} ms)`,
    );
    return results;
  } finally {
    await bare?.stop();
    await server.stop();
    if (process.env.BENCH_KEEP_DB) console.log(`kept ${database.url}`);
    else await database.drop();
  }
}
