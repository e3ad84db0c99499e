import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';

/** Deltas folded per statement: a bulk load of a million never makes one statement run long. */
const FOLD_BATCH = 50_000;

/**
 * Folds pending report_tally_deltas into report_tallies (migration "report-tallies";
 * docs/decisions/0015-report-tallies-kept-by-triggers.md): the call's
 * when a dashboard is read, every call's in the background (background-jobs.ts), so the deltas of
 * a busy call never pile up between two readings. Each batch is one statement: the deltas are
 * deleted and their sums added, so a delta counts once even when two folds run at the same time
 * (the second waits on the rows the first is deleting, then skips them). Keys that dropped to
 * zero are removed: autosave of a typed-in outcome name leaves one per keystroke. Cost:
 * proportional to the writes since the last fold.
 */
export async function foldTallies(db: Db, callId: string | null): Promise<number> {
  let folded = 0;
  const touched = new Set<string>();
  const ofCall = callId ? sql`where call_id = ${callId}` : sql``;
  for (;;) {
    const calls = await rows<{ callId: string; moved: number }>(
      db,
      sql`with moved as (
            delete from report_tally_deltas
            where ctid = any(array(select ctid from report_tally_deltas ${ofCall} limit ${FOLD_BATCH}))
            returning call_id, dimension, key, count, amount
          ), added as (
            insert into report_tallies (call_id, dimension, key, count, amount)
            select call_id, dimension, key, sum(count), sum(amount) from moved
            group by call_id, dimension, key order by call_id, dimension, key
            on conflict (call_id, dimension, key) do update
              set count = report_tallies.count + excluded.count, amount = report_tallies.amount + excluded.amount
          )
          select call_id as "callId", count(*)::int as moved from moved group by call_id`,
    );
    let n = 0;
    for (const c of calls) {
      n += c.moved;
      touched.add(c.callId);
    }
    folded += n;
    if (n < FOLD_BATCH) break;
  }
  if (touched.size > 0) {
    const ids = sql.join(
      [...touched].map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`delete from report_tallies where call_id in (${ids}) and count = 0 and amount = 0`);
  }
  return folded;
}

export type Tally = { dimension: string; key: string; count: number; amount: number };

/** Every tally of the call except the open-ended outcome and stakeholder names (see topTallies). */
export async function callTallies(db: Db, callId: string): Promise<Tally[]> {
  const found = await rows<{ dimension: string; key: string; count: number; amount: string }>(
    db,
    sql`select dimension, key, count, amount from report_tallies
        where call_id = ${callId} and dimension not in ('outcome', 'stakeholder') and count <> 0`,
  );
  return found.map((t) => ({ ...t, count: Number(t.count), amount: Number(t.amount) }));
}

/** The most frequent keys of an open-ended dimension (outcome or stakeholder names). */
export function topTallies(db: Db, callId: string, dimension: 'outcome' | 'stakeholder', limit: number) {
  return rows<{ key: string; count: number }>(
    db,
    sql`select key, count from report_tallies
        where call_id = ${callId} and dimension = ${dimension} and count > 0
        order by count desc, key limit ${limit}`,
  );
}

/**
 * The median central SROI ratio (as percentile_cont(0.5)), read at its position along the
 * (call_id, sroi) index: one or two entries, not a sort of every ratio.
 */
export async function medianSroi(db: Db, callId: string, withRatio: number): Promise<number | null> {
  if (withRatio <= 0) return null;
  const [median] = await rows<{ median: number | null }>(
    db,
    sql`select avg(sroi)::float8 as median from (
          select sroi from report_impact_answers where call_id = ${callId} and sroi is not null
          order by sroi offset ${Math.floor((withRatio - 1) / 2)} limit ${withRatio % 2 === 0 ? 2 : 1}
        ) m`,
  );
  return median?.median === null || median?.median === undefined ? null : Number(median.median);
}
