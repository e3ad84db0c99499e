import { changeFeedOf, type Db } from '../../db/client';

type Totals = { total: number; closed: number };

/**
 * The admin list's totals per call ('' for all calls), kept while the change feed is live and
 * forgotten at any submission started, closed, reopened or deleted anywhere (`org:` changes), or
 * when the feed drops (issue 16: re-summing the tallies was a third of an admin page's database
 * time). Reads that a change overtook are not kept; without a feed nothing is kept.
 */
class TotalsCache {
  private entries = new Map<string, { epoch: number; totals: Totals }>();
  /** Bumped by every change: a read that started before it is not kept. */
  private generation = 0;

  constructor(private readonly feed: NonNullable<ReturnType<typeof changeFeedOf>>) {
    feed.subscribe((change) => {
      if (change === 'all' || change.startsWith('org:')) {
        this.generation++;
        this.entries.clear();
      }
    });
  }

  async get(callId: string, read: () => Promise<Totals>): Promise<Totals> {
    const { live, epoch } = this.feed;
    const hit = this.entries.get(callId);
    if (live && hit && hit.epoch === epoch) return hit.totals;
    const generation = this.generation;
    const totals = await read();
    if (live && this.feed.live && this.feed.epoch === epoch && this.generation === generation) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(callId, { epoch, totals });
    }
    return totals;
  }
}

const caches = new WeakMap<Db, TotalsCache>();

/** The totals of this database, read through `read` unless a trustworthy copy is held. */
export function cachedTotals(db: Db, callId: string, read: () => Promise<Totals>): Promise<Totals> {
  const feed = changeFeedOf(db);
  if (!feed) return read();
  let cache = caches.get(db);
  if (!cache) {
    cache = new TotalsCache(feed);
    caches.set(db, cache);
  }
  return cache.get(callId, read);
}
