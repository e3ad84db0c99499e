import {
  callCurrency,
  nameIn,
  SDG_CODES,
  SROI_BUCKETS,
  sroiBucketLabel,
  type TCallDashboard,
  type TLanguage,
} from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { serverStepType } from '../step-types';
import { reportCall } from './call-row';
import { callTallies, foldTallies, medianSroi, type Tally, topTallies } from './tallies';

const TOP = 10;

/**
 * Every figure of a call's dashboard. The database keeps them pre-aggregated
 * (report_tallies, maintained by triggers on every write: see tallies.ts), so a request reads a
 * few hundred rows whatever the number of submissions, and is never stale: there is no cache to
 * invalidate. The answer documents themselves are never read here.
 */
export async function callDashboard(db: Db, callId: string, language: TLanguage): Promise<TCallDashboard> {
  const call = await reportCall(db, callId);
  const computedAt = new Date();
  await foldTallies(db, callId);
  const [tallies, outcomes, stakeholders, steps] = await Promise.all([
    callTallies(db, callId),
    topTallies(db, callId, 'outcome', TOP),
    topTallies(db, callId, 'stakeholder', TOP),
    rows<{ stepId: string; name: string; stepType: string; content: string }>(
      db,
      sql`select s.id as "stepId", s.name, st.name as "stepType", s.content
          from steps s join step_types st on st.id = s.step_type_id
          where s.call_type_id = ${call.callTypeId} order by s.sort`,
    ),
  ]);
  const by = groupTallies(tallies);
  const one = (dimension: string) => by.get(dimension)?.get('') ?? { count: 0, amount: 0 };
  const count = (dimension: string, key: string) => by.get(dimension)?.get(key)?.count ?? 0;
  const withRatio = one('sroi').count;
  const days = new Set([...(by.get('started')?.keys() ?? []), ...(by.get('closedOn')?.keys() ?? [])]);
  return {
    callId: call.id,
    callName: nameIn(call, language),
    currency: callCurrency(steps.map((s) => ({ stepType: { name: s.stepType }, content: s.content }))),
    computedAt: computedAt.toISOString(),
    submissions: one('submissions').count,
    closed: one('closed').count,
    timeline: [...days].sort().map((day) => ({ day, started: count('started', day), closed: count('closedOn', day) })),
    steps: steps.map(({ content: _content, ...s }) => ({
      ...s,
      answered: count('step', s.stepId),
      answeredClosed: count('stepClosed', s.stepId),
    })),
    countries: [...(by.get('country')?.entries() ?? [])]
      .map(([key, t]) => ({ key, count: t.count }))
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    sdgs: SDG_CODES.map((sdg) => ({
      sdg,
      count: count('sdg', String(sdg)),
      budget: by.get('sdg')?.get(String(sdg))?.amount ?? 0,
    })),
    sroi: {
      buckets: SROI_BUCKETS.map((from) => ({ key: sroiBucketLabel(from), count: count('sroiBucket', String(from)) })),
      withRatio,
      overThreshold: one('sroiOver').count,
      median: await medianSroi(db, callId, withRatio),
    },
    outcomes: outcomes.map((o) => ({ key: o.key, count: Number(o.count) })),
    stakeholders: stakeholders.map((o) => ({ key: o.key, count: Number(o.count) })),
    budget: { total: one('budget').amount, answers: one('budget').count },
    impactFigures: steps.some((s) => serverStepType(s.stepType).feedsImpactFigures === true),
  };
}

function groupTallies(tallies: Tally[]) {
  const by = new Map<string, Map<string, Tally>>();
  for (const t of tallies) {
    let keys = by.get(t.dimension);
    if (!keys) {
      keys = new Map();
      by.set(t.dimension, keys);
    }
    keys.set(t.key, t);
  }
  return by;
}
