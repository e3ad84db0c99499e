import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { changeFeedOf, type Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { Batcher } from '../../lib/batcher';

/** How long a "still signed in" answer is reused without a change feed: other instances see a logout within this time. */
export const LIVE_SESSION_CACHE_MS = 5_000;
/** With a live change feed a revocation is heard at once; the answer is still asked again this often. */
const LIVE_SESSION_FEED_MS = 5 * 60_000;
/** A revoked session stays revoked; remembering it longer than an access token lives is useless. */
const REVOKED_CACHE_MS = 20 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The revocation list of sessions. A session is a refresh-token family: logout, reuse detection
 * and a password reset revoke its rows, and every access token names its family (`sid`). The
 * answer is cached in-process so the check costs a query per session every few seconds, not per
 * request; this instance forgets a session the moment it revokes it.
 */
export class SessionRevocations {
  private readonly cache = new Map<string, { revoked: boolean; until: number; epoch: number | null }>();
  private readonly feed;
  /** The sessions asked within one turn, in one query. */
  private readonly lookups = new Batcher<string, boolean>(async (ids) => {
    const rows = await this.db
      .select({
        familyId: refreshTokens.familyId,
        revoked: sql<boolean>`bool_or(${refreshTokens.revokedAt} is not null)`,
      })
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, ids))
      .groupBy(refreshTokens.familyId);
    return new Map(rows.map((r) => [r.familyId, r.revoked === true]));
  }, true);
  /** Session changes heard so far: a read that one overtook is answered but not kept. */
  private heard = 0;
  constructor(private readonly db: Db) {
    // With the change feed (migration 0025 says "session:<id>" on a revocation) a live
    // answer is kept for minutes, not seconds: 1,000 applicants autosaving near a deadline each
    // cost a query every 5 s before.
    this.feed = changeFeedOf(db);
    this.feed?.subscribe((change) => {
      if (change === 'all') this.cache.clear();
      else if (change.startsWith('session:')) this.cache.delete(change.slice(8));
      else return;
      this.heard++;
    });
  }

  /** A cached answer still to be trusted: in time, and if kept on the feed's word, while that word holds. */
  private fresh(sessionId: string, now: number) {
    const hit = this.cache.get(sessionId);
    if (!hit || hit.until <= now) return undefined;
    if (hit.epoch !== null && !(this.feed?.live && this.feed.epoch === hit.epoch)) return undefined;
    return hit;
  }

  readonly isRevoked = async (sessionId: string): Promise<boolean> => {
    const now = Date.now();
    const hit = this.fresh(sessionId, now);
    if (hit) return hit.revoked;
    const epoch = this.feed?.live ? this.feed.epoch : null;
    const heardBefore = this.heard;
    // A family we never issued (or one deleted with its user) is as good as revoked.
    const revoked = await this.lookups.get(sessionId);
    // A read that a change overtook may predate a revocation: answered, not kept.
    if (this.heard !== heardBefore) return revoked;
    // Kept on the feed's word only if the feed was live all along the read.
    const trusted = epoch !== null && this.feed?.epoch === epoch;
    this.remember(sessionId, revoked, now, trusted ? epoch : null);
    return revoked;
  };

  /** The answer still trusted, without asking (undefined when it must be asked): lets a request pass without a promise. */
  readonly knownAnswer = (sessionId: string): boolean | undefined => {
    return this.fresh(sessionId, Date.now())?.revoked;
  };

  /** Called by whoever just revoked the session on this instance. */
  markRevoked(sessionId: string) {
    this.remember(sessionId, true, Date.now(), null);
  }

  private remember(sessionId: string, revoked: boolean, now: number, epoch: number | null) {
    if (this.cache.size >= MAX_ENTRIES) {
      for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    }
    const liveMs = epoch !== null ? LIVE_SESSION_FEED_MS : LIVE_SESSION_CACHE_MS;
    this.cache.set(sessionId, {
      revoked,
      until: now + (revoked ? REVOKED_CACHE_MS : liveMs),
      epoch: revoked ? null : epoch,
    });
  }
}

/** Revokes one session by id (logout with only an access token left). */
export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}
