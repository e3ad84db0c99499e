import { changeFeedOf, type Db } from '../../db/client';

/**
 * The admin list's totals, by their filters (per call from the tallies, or a search's count),
 * kept while the change feed is live and forgotten at any submission started, closed, reopened or
 * deleted anywhere (`org:` changes), at any change of the names a search matches (`names`), or when
 * the feed drops (re-summing the tallies was a third of an admin page's database time,
 * and a search's count most of a searched page's). Reads that a change overtook are not kept;
 * without a feed nothing is kept.
 */
class TotalsCache {
  private entries = new Map<string, { epoch: number; totals: unknown }>();
  /** Bumped by every change: a read that started before it is not kept. */
  private generation = 0;

  constructor(private readonly feed: NonNullable<ReturnType<typeof changeFeedOf>>) {
    feed.subscribe((change) => {
      if (change === 'all' || change === 'names' || change.startsWith('org:')) {
        this.generation++;
        this.entries.clear();
      }
    });
  }

  async get<T>(key: string, read: () => Promise<T>): Promise<T> {
    const { live, epoch } = this.feed;
    const hit = this.entries.get(key);
    if (live && hit && hit.epoch === epoch) return hit.totals as T;
    const generation = this.generation;
    const totals = await read();
    if (live && this.feed.live && this.feed.epoch === epoch && this.generation === generation) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(key, { epoch, totals });
    }
    return totals;
  }
}

const caches = new WeakMap<Db, TotalsCache>();

/** The totals of this database under `key`, read through `read` unless a trustworthy copy is held. */
export function cachedTotals<T>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const feed = changeFeedOf(db);
  if (!feed) return read();
  let cache = caches.get(db);
  if (!cache) {
    cache = new TotalsCache(feed);
    caches.set(db, cache);
  }
  return cache.get(key, read);
}
