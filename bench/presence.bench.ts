import http from 'node:http';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { startServerOnScratchDatabase } from './scale-data';
import { type BenchResult, percentile } from './support';
import { type Applicant, postJson, seedSurge } from './surge.bench';

const VIEWERS = Number(process.env.BENCH_PRESENCE_VIEWERS ?? 1000);
const WRITERS = Number(process.env.BENCH_PRESENCE_WRITERS ?? 200);
const INTERVAL_MS = Number(process.env.BENCH_PRESENCE_INTERVAL_MS ?? 2000);
const SECONDS = Number(process.env.BENCH_PRESENCE_SECONDS ?? 10);
/** The server ends a stream after this long and the page opens a new one (modules/presence/routes.ts). */
const STREAM_LIFETIME_S = 15 * 60;

type Stream = { request: http.ClientRequest; events: number };

/** Opens one presence stream and counts the events it receives; resolves once the first one came. */
function openStream(base: string, a: Applicant, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { request: undefined as unknown as http.ClientRequest, events: 0 };
    stream.request = http.get(
      `${base}/api/Call/SubmissionPresence?submissionId=${a.submissionId}`,
      { agent, headers: { authorization: `Bearer ${a.token}` } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`presence stream: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.events += chunk.split('event: ').length - 1;
          if (stream.events > 0) resolve(stream);
        });
        res.on('error', () => {});
      },
    );
    stream.request.on('error', reject);
  });
}

/** `WRITERS` applicants autosaving every INTERVAL_MS for SECONDS (open loop): their latencies. */
async function autosaveFor(base: string, stepId: string, writers: Applicant[]) {
  const url = new URL(`${base}/api/Call/UpsertCallStepResult`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: writers.length });
  const latencies: number[] = [];
  let refused = 0;
  const started = performance.now();
  const endAt = started + SECONDS * 1000;
  await Promise.all(
    writers.map(async (a, index) => {
      let due = started + (index / writers.length) * INTERVAL_MS;
      while (due < endAt) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        due = Math.max(due + INTERVAL_MS, performance.now());
        const body = JSON.stringify({
          callSubmissionId: a.submissionId,
          stepId,
          content: JSON.stringify({ answer: `Bozza ${a.acknowledged + 1}` }),
          version: a.version,
        });
        const t0 = performance.now();
        const res = await postJson(
          agent,
          url,
          { authorization: `Bearer ${a.token}`, 'x-organization-id': a.organizationId },
          body,
        ).catch(() => ({ status: 0, text: '' }));
        latencies.push(performance.now() - t0);
        if (res.status === 200) {
          a.version = (JSON.parse(res.text) as { version: number }).version;
          a.acknowledged += 1;
        } else refused += 1;
      }
    }),
  );
  agent.destroy();
  const sorted = latencies.sort((x, y) => x - y);
  return {
    writes: sorted.length,
    refused,
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p95: Number(percentile(sorted, 95).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
  };
}

/**
 * Presence for VIEWERS applicants with the application open (one event stream each, on
 * PostgreSQL) beside an autosave surge of WRITERS applicants: the surge's latency without and
 * with the streams open, the requests/s the streams cost, and that they stay open (decision 0032).
 */
export async function benchPresence(): Promise<BenchResult> {
  const { database, secret, server } = await startServerOnScratchDatabase();
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  try {
    const seeded = await seedSurge(database.url, VIEWERS + WRITERS, new AccessTokens(secret));
    const viewers = seeded.applicants.slice(0, VIEWERS);
    const writers = seeded.applicants.slice(VIEWERS);
    const without = await autosaveFor(server.url, seeded.stepId, writers);
    const opening = performance.now();
    // Opened 50 at a time, as page loads arrive, not in one burst.
    for (let i = 0; i < viewers.length; i += 50) {
      streams.push(...(await Promise.all(viewers.slice(i, i + 50).map((a) => openStream(server.url, a, agent)))));
    }
    const openSeconds = (performance.now() - opening) / 1000;
    const withStreams = await autosaveFor(server.url, seeded.stepId, writers);
    const stillOpen = streams.filter((s) => !s.request.destroyed && s.request.socket && !s.request.socket.destroyed);
    // Steady state: no request while a stream is open; each reopens once per lifetime.
    const requestsPerSecond = Number((VIEWERS / STREAM_LIFETIME_S).toFixed(2));
    const figures = {
      viewers: VIEWERS,
      writers: WRITERS,
      streamsOpenedInSeconds: Number(openSeconds.toFixed(1)),
      streamsStillOpen: stillOpen.length,
      presenceRequestsPerSecond: requestsPerSecond,
      withoutP50: without.p50,
      withoutP95: without.p95,
      withoutP99: without.p99,
      withP50: withStreams.p50,
      withP95: withStreams.p95,
      withP99: withStreams.p99,
      refused: without.refused + withStreams.refused,
    };
    return {
      name: `presence: ${VIEWERS} open streams beside ${WRITERS} applicants autosaving every ${INTERVAL_MS / 1000} s (PostgreSQL)`,
      budget: 'presence < 50 requests/s, every stream stays open, autosave p95 with streams ≤ 1.2 × without + 5 ms',
      ok:
        requestsPerSecond < 50 &&
        stillOpen.length === VIEWERS &&
        figures.refused === 0 &&
        withStreams.p95 <= without.p95 * 1.2 + 5,
      figures,
    };
  } finally {
    for (const s of streams) s.request.destroy();
    agent.destroy();
    await server.stop();
    await database.drop();
  }
}
