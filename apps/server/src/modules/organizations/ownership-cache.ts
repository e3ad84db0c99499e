import type { ChangeFeed } from '../../db/change-feed';
import { changeFeedOf, type Db } from '../../db/client';

/** How long a confirmed "this organization is this user's" is trusted without asking again. */
const TRUST_MS = 10_000;
/** The same while the change feed is live (a deletion is then heard at once, migration 0025). */
const TRUST_WITH_FEED_MS = 5 * 60_000;
/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

/**
 * Remembers, per database and per instance, which organizations were confirmed to belong to which
 * user, for the X-Organization-Id check every signed-in request makes (one round trip less per
 * request; docs/decisions/0011-call-list-from-memory-on-the-change-feed.md). Only "yes" is remembered, by organization (it has one owner, and never
 * changes owner), so the one thing that can turn a yes into a no is a deletion: this instance
 * forgets it at once, other instances when the change feed says so or, without a feed, within
 * TRUST_MS; meanwhile their handlers still find no such organization (404, or a refused start
 * through the foreign key), so nothing is read or written under it.
 */
export class OwnershipCache {
  private confirmed = new Map<string, { userId: string; at: number; epoch: number | null }>();
  /** Organizations named by a change (or `all`) so far: a read one overtook is not kept. */
  private heard = 0;

  constructor(private readonly feed: ChangeFeed | null = null) {
    feed?.subscribe((change) => {
      if (change === 'all') this.confirmed.clear();
      else if (change.startsWith('org:')) this.confirmed.delete(change.slice(4));
      else return;
      this.heard++;
    });
  }

  has(userId: string, orgId: string, now = Date.now()): boolean {
    const entry = this.confirmed.get(orgId);
    if (!entry || entry.userId !== userId) return false;
    const onFeed = entry.epoch !== null && this.feed?.live === true && this.feed.epoch === entry.epoch;
    if (now - entry.at < (onFeed ? TRUST_WITH_FEED_MS : TRUST_MS)) return true;
    this.confirmed.delete(orgId);
    return false;
  }

  /**
   * `read`: what readMark() said when the read began. A read that a change overtook (the
   * organization may have been deleted meanwhile) is not kept at all.
   */
  remember(
    userId: string,
    orgId: string,
    now = Date.now(),
    read: { epoch: number | null; heard: number } | null = null,
  ) {
    if (read && read.heard !== this.heard) return;
    this.confirmed.delete(orgId);
    const epoch = read?.epoch ?? null;
    const stillLive = epoch !== null && this.feed?.live === true && this.feed.epoch === epoch;
    this.confirmed.set(orgId, { userId, at: now, epoch: stillLive ? epoch : null });
    if (this.confirmed.size > MAX_ENTRIES) {
      const oldest = this.confirmed.keys().next().value;
      if (oldest !== undefined) this.confirmed.delete(oldest);
    }
  }

  /** What to pass to `remember` after a read that starts now. */
  readMark(): { epoch: number | null; heard: number } {
    return { epoch: this.feed?.live ? this.feed.epoch : null, heard: this.heard };
  }

  forgetOrganization(orgId: string) {
    this.confirmed.delete(orgId);
  }
}

const caches = new WeakMap<Db, OwnershipCache>();

/** The cache of this database connection (one per app; tests build many apps). */
export function ownershipCache(db: Db): OwnershipCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new OwnershipCache(changeFeedOf(db));
    caches.set(db, cache);
  }
  return cache;
}
