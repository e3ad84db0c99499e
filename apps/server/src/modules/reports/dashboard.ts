import {
  DASHBOARD_CACHE_SECONDS,
  SDG_CODES,
  SROI_BUCKETS,
  SROI_WARNING_THRESHOLD,
  sroiBucketLabel,
  type TCallDashboard,
} from '@impact/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportDashboardCache } from '../../db/schema';
import { reportCall } from './call-row';
import { rows } from './sql-rows';

const TOP = 10;
type Count = { key: string; count: number };

/**
 * Issue 13 part 2: every figure of a call's dashboard, computed by the database from the
 * submissions and the narrow report_impact_answers copy (no answer document is parsed here).
 * The queries are independent: on PostgreSQL they run side by side on the pool.
 */
export async function callDashboard(
  db: Db,
  callId: string,
  options: { fresh?: boolean } = {},
): Promise<TCallDashboard> {
  const call = await reportCall(db, callId);
  if (!options.fresh) {
    const [cached] = await db
      .select({ body: reportDashboardCache.body })
      .from(reportDashboardCache)
      .where(
        and(
          eq(reportDashboardCache.callId, callId),
          gt(reportDashboardCache.computedAt, sql`now() - make_interval(secs => ${DASHBOARD_CACHE_SECONDS})`),
        ),
      );
    if (cached) return { ...(cached.body as TCallDashboard), callName: call.name };
  }
  const computedAt = new Date();
  const dashboard = await computeDashboard(db, call, computedAt);
  await db
    .insert(reportDashboardCache)
    .values({ callId, computedAt, body: dashboard })
    .onConflictDoUpdate({ target: reportDashboardCache.callId, set: { computedAt, body: dashboard } });
  return dashboard;
}

async function computeDashboard(db: Db, call: { id: string; name: string }, computedAt: Date): Promise<TCallDashboard> {
  const callId = call.id;
  const [totals, timeline, steps, countries, sdgs, sroi, sroiStats, outcomes, stakeholders, budget] = await Promise.all(
    [
      rows<{ submissions: number; closed: number }>(
        db,
        sql`select count(*)::int as submissions, count(*) filter (where closed)::int as closed
            from call_submissions where call_id = ${callId}`,
      ),
      rows<{ day: string; started: number; closed: number }>(
        db,
        sql`select to_char(d, 'YYYY-MM-DD') as day, sum(started)::int as started, sum(closed)::int as closed
            from (
              select date_trunc('day', created_at at time zone 'UTC') as d, 1 as started, 0 as closed
              from call_submissions where call_id = ${callId}
              union all
              select date_trunc('day', closed_at at time zone 'UTC'), 0, 1
              from call_submissions where call_id = ${callId} and closed and closed_at is not null
            ) x group by d order by d`,
      ),
      rows<{ stepId: string; name: string; stepType: string; answered: number; answeredClosed: number }>(
        db,
        sql`select s.id as "stepId", s.name, st.name as "stepType",
                   coalesce(a.answered, 0)::int as answered, coalesce(a.answered_closed, 0)::int as "answeredClosed"
            from calls c
            join steps s on s.call_type_id = c.call_type_id
            join step_types st on st.id = s.step_type_id
            left join (
              select sr.step_id, count(*) as answered, count(*) filter (where cs.closed) as answered_closed
              from call_submissions cs join step_results sr on sr.call_submission_id = cs.id
              where cs.call_id = ${callId} group by sr.step_id
            ) a on a.step_id = s.id
            where c.id = ${callId} order by s.sort`,
      ),
      rows<Count>(
        db,
        sql`select o.country as key, count(*)::int as count
            from call_submissions cs join organizations o on o.id = cs.organization_id
            where cs.call_id = ${callId} group by o.country order by count desc, key`,
      ),
      rows<{ sdg: number; count: number; budget: number }>(
        db,
        sql`select u.sdg::int as sdg, count(*)::int as count, coalesce(sum(r.budget), 0)::float8 as budget
            from report_impact_answers r cross join unnest(r.sdgs) as u(sdg)
            where r.call_id = ${callId} group by u.sdg`,
      ),
      rows<{ bucket: number; count: number }>(
        db,
        sql`select least(floor(sroi), ${SROI_BUCKETS[SROI_BUCKETS.length - 1]})::int as bucket, count(*)::int as count
            from report_impact_answers where call_id = ${callId} and sroi is not null and sroi >= 0
            group by 1`,
      ),
      rows<{ withRatio: number; over: number; median: number | null }>(
        db,
        sql`select count(sroi)::int as "withRatio",
                   count(*) filter (where sroi > ${SROI_WARNING_THRESHOLD})::int as over,
                   percentile_cont(0.5) within group (order by sroi) as median
            from report_impact_answers where call_id = ${callId} and sroi is not null`,
      ),
      rows<Count>(
        db,
        sql`select o as key, count(*)::int as count
            from report_impact_answers r cross join unnest(r.outcomes) as o
            where r.call_id = ${callId} group by o order by count desc, key limit ${TOP}`,
      ),
      rows<Count>(
        db,
        sql`select s as key, count(*)::int as count
            from report_impact_answers r cross join unnest(r.stakeholders) as s
            where r.call_id = ${callId} group by s order by count desc, key limit ${TOP}`,
      ),
      rows<{ total: number; answers: number }>(
        db,
        sql`select coalesce(sum(budget), 0)::float8 as total, count(budget)::int as answers
            from report_impact_answers where call_id = ${callId}`,
      ),
    ],
  );
  const bySdg = new Map(sdgs.map((s) => [Number(s.sdg), s]));
  const byBucket = new Map(sroi.map((b) => [Number(b.bucket), Number(b.count)]));
  const stats = sroiStats[0];
  return {
    callId: call.id,
    callName: call.name,
    computedAt: computedAt.toISOString(),
    submissions: totals[0]?.submissions ?? 0,
    closed: totals[0]?.closed ?? 0,
    timeline,
    steps,
    countries,
    sdgs: SDG_CODES.map((sdg) => ({
      sdg,
      count: bySdg.get(sdg)?.count ?? 0,
      budget: Number(bySdg.get(sdg)?.budget ?? 0),
    })),
    sroi: {
      buckets: SROI_BUCKETS.map((from) => ({ key: sroiBucketLabel(from), count: byBucket.get(from) ?? 0 })),
      withRatio: stats?.withRatio ?? 0,
      overThreshold: stats?.over ?? 0,
      median: stats?.median === null || stats?.median === undefined ? null : Number(stats.median),
    },
    outcomes,
    stakeholders,
    budget: { total: Number(budget[0]?.total ?? 0), answers: budget[0]?.answers ?? 0 },
  };
}
