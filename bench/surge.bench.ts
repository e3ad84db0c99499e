import http from 'node:http';
import pg from 'pg';
import { AccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { startServerOnScratchDatabase } from './scale-data';
import { type BenchResult, peakRss, percentile } from './support';

const APPLICANTS = Number(process.env.BENCH_SURGE_APPLICANTS ?? 1000);
const INTERVAL_MS = Number(process.env.BENCH_SURGE_INTERVAL_MS ?? 2000);
const SECONDS = Number(process.env.BENCH_SURGE_SECONDS ?? 20);
/** A write not answered within this is counted as a client time-out, as the page would. */
const CLIENT_TIMEOUT_MS = 10_000;
/**
 * Before the measured surge, this many other applicants autosave for WARMUP_MS: a server that has
 * been running (compiled code, open database connections, prepared statements), as on a deadline
 * day. The measured applicants still arrive with sessions and organizations the server has not seen.
 * BENCH_SURGE_WARMUP=0 measures a server started a moment before the surge instead.
 */
const WARMUP_APPLICANTS = process.env.BENCH_SURGE_WARMUP === '0' ? 0 : 50;
const WARMUP_MS = 3_000;

export type Applicant = {
  token: string;
  organizationId: string;
  submissionId: string;
  version: number;
  acknowledged: number;
};

/** One open call with a text step, and `count` applicants each with an organization, a session and a started submission. */
export async function seedSurge(databaseUrl: string, count: number, tokens: AccessTokens) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    const callTypeId = (
      await c.query<{ id: string }>(`insert into call_types (name, description) values ('Surge', '') returning id`)
    ).rows[0]?.id;
    const stepId = (
      await c.query<{ id: string }>(
        `insert into steps (call_type_id, name, content, sort, step_type_id)
         select $1, 'Progetto', '{"question":"<p>Descrivi il progetto</p>","maxLength":4000}', 0, id
         from step_types where name = 'text' returning id`,
        [callTypeId],
      )
    ).rows[0]?.id;
    const callId = (
      await c.query<{ id: string }>(
        `insert into calls (name, description, opening_at, closing_at, call_type_id)
         values ('Bando in scadenza', '', now() - interval '30 days', now() + interval '2 hours', $1) returning id`,
        [callTypeId],
      )
    ).rows[0]?.id;
    const rows = await c.query<{ user_id: string; email: string; org_id: string; sub_id: string; family: string }>(
      `with u as (
         insert into users (issuer, subject, email, first_name, last_name, roles)
         select 'surge', 's' || i, 's' || i || '@surge.example', 'Nome', 'Cognome', '{}'
         from generate_series(1, $1::int) i returning id, email),
       o as (
         insert into organizations (owner_user_id, name, reg_number, street_name, city_name, country,
                                    contact_name, contact_surname, contact_role, contact_email, personal_data)
         select id, 'Ente ' || email, '01234567890', 'Via Roma 1', 'Torino', 'IT', 'A', 'B', 'C', 'a@b.example', true
         from u returning id, owner_user_id),
       s as (
         insert into call_submissions (call_id, organization_id, created_by_user_id)
         select $2, o.id, o.owner_user_id from o returning id, organization_id, created_by_user_id),
       r as (
         insert into refresh_tokens (family_id, user_id, token_hash, expires_at)
         select gen_random_uuid(), id, md5(random()::text), now() + interval '1 day' from u returning family_id, user_id)
       select u.id as user_id, u.email, s.organization_id as org_id, s.id as sub_id, r.family_id as family
       from u join s on s.created_by_user_id = u.id join r on r.user_id = u.id`,
      [count, callId],
    );
    await c.query('commit');
    await c.query('analyze');
    const applicants: Applicant[] = [];
    for (const row of rows.rows) {
      applicants.push({
        token: await tokens.sign({ userId: row.user_id, email: row.email, roles: [], sessionId: row.family }),
        organizationId: row.org_id,
        submissionId: row.sub_id,
        version: 0,
        acknowledged: 0,
      });
    }
    return { stepId: stepId ?? '', applicants };
  } finally {
    await c.end();
  }
}

export function postJson(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: CLIENT_TIMEOUT_MS,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The deadline surge, on PostgreSQL: 1,000 applicants, each autosaving its own submission
 * every 2 s (500 writes/s offered, open loop: a write that is due is sent on time unless that
 * applicant's previous one is still in flight, as the page's autosave does). Afterwards every
 * acknowledged write must be in the database: each result's version equals its acknowledged count.
 */
export async function benchSurge(): Promise<BenchResult> {
  const { database, secret, server } = await startServerOnScratchDatabase();
  try {
    const seeded = await seedSurge(database.url, APPLICANTS + WARMUP_APPLICANTS, new AccessTokens(secret));
    const { stepId } = seeded;
    const applicants = seeded.applicants.slice(0, APPLICANTS);
    const warmers = seeded.applicants.slice(APPLICANTS);
    const url = new URL(`${server.url}/api/Call/UpsertCallStepResult`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: APPLICANTS + WARMUP_APPLICANTS });
    const write = async (a: Applicant) => {
      const body = JSON.stringify({
        callSubmissionId: a.submissionId,
        stepId,
        content: JSON.stringify({ answer: `Bozza ${a.acknowledged + 1}: ${'testo del progetto '.repeat(20)}` }),
        version: a.version,
      });
      return postJson(agent, url, { authorization: `Bearer ${a.token}`, 'x-organization-id': a.organizationId }, body);
    };
    const warmUntil = performance.now() + WARMUP_MS;
    await Promise.all(
      warmers.map(async (a) => {
        while (performance.now() < warmUntil) {
          const res = await write(a);
          if (res.status === 200) {
            a.version = (JSON.parse(res.text) as { version: number }).version;
            a.acknowledged += 1;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    const latencies: number[] = [];
    // BENCH_SURGE_TIMELINE=1 prints the slowest write of each second: where a tail comes from.
    const timeline: number[] | null = process.env.BENCH_SURGE_TIMELINE ? [] : null;
    let sent = 0;
    let refused = 0;
    const refusedByStatus: Record<string, number> = {};
    let timeouts = 0;
    let skippedBusy = 0;
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    const { peakMb } = await peakRss(server.pid, () =>
      Promise.all(
        applicants.map(async (a, index) => {
          // Spread the applicants evenly over the interval, then keep each on its own beat.
          let due = started + (index / applicants.length) * INTERVAL_MS;
          while (due < endAt) {
            const wait = due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            const lateBy = performance.now() - due;
            due += INTERVAL_MS;
            if (lateBy > INTERVAL_MS) {
              skippedBusy += Math.floor(lateBy / INTERVAL_MS); // the previous write was still in flight
              due = performance.now() + INTERVAL_MS;
            }
            sent += 1;
            const t0 = performance.now();
            try {
              const res = await write(a);
              latencies.push(performance.now() - t0);
              if (timeline) {
                const second = Math.floor((t0 - started) / 1000);
                timeline[second] = Math.max(timeline[second] ?? 0, performance.now() - t0);
              }
              if (res.status === 200) {
                a.version = (JSON.parse(res.text) as { version: number }).version;
                a.acknowledged += 1;
              } else {
                refused += 1;
                refusedByStatus[`status${res.status}`] = (refusedByStatus[`status${res.status}`] ?? 0) + 1;
              }
            } catch {
              timeouts += 1;
            }
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    // Every acknowledged write is there: the stored version counts the writes that were answered 200.
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const stored = await c.query<{ id: string; version: number }>(
      `select call_submission_id as id, version from step_results where step_id = $1`,
      [stepId],
    );
    await c.end();
    const versions = new Map(stored.rows.map((r) => [r.id, r.version]));
    const lost = seeded.applicants.reduce(
      (n, a) => n + Math.max(0, a.acknowledged - (versions.get(a.submissionId) ?? 0)),
      0,
    );
    const acknowledged = applicants.reduce((n, a) => n + a.acknowledged, 0);
    const sorted = [...latencies].sort((x, y) => x - y);
    const offered = (APPLICANTS * 1000) / INTERVAL_MS;
    const figures = {
      applicants: APPLICANTS,
      offeredPerSecond: offered,
      sent,
      acknowledged,
      servedPerSecond: Math.round(acknowledged / seconds),
      refused,
      ...refusedByStatus,
      timeouts,
      skippedWhileBusy: skippedBusy,
      lost,
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p95: Number(percentile(sorted, 95).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      peakRssMb: peakMb,
    };
    if (timeline) console.log(`slowest write per second (ms): ${timeline.map((ms) => Math.round(ms)).join(' ')}`);
    return {
      name: `deadline surge: ${APPLICANTS} applicants autosaving every ${INTERVAL_MS / 1000} s (PostgreSQL)`,
      budget: `all ${offered} writes/s served, p99 < 100 ms, 0 lost, RSS ≤ 200 MB (today: 240 writes/s, p99 5.3 s)`,
      ok:
        figures.servedPerSecond >= offered * 0.98 &&
        figures.p99 < 100 &&
        lost === 0 &&
        refused === 0 &&
        timeouts === 0 &&
        peakMb <= 200,
      figures,
    };
  } finally {
    await server.stop();
    await database.drop();
  }
}
