import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** How long a "still signed in" answer is reused: other instances see a logout within this time. */
export const LIVE_SESSION_CACHE_MS = 5_000;
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
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();
  constructor(private readonly db: Db) {}

  readonly isRevoked = async (sessionId: string): Promise<boolean> => {
    const now = Date.now();
    const hit = this.cache.get(sessionId);
    if (hit && hit.until > now) return hit.revoked;
    const [row] = await this.db
      .select({
        known: sql<boolean>`count(*) > 0`,
        revoked: sql<boolean>`bool_or(${refreshTokens.revokedAt} is not null)`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, sessionId));
    // A family we never issued (or one deleted with its user) is as good as revoked.
    const revoked = !row?.known || row.revoked === true;
    this.remember(sessionId, revoked, now);
    return revoked;
  };

  /** The answer still trusted, without asking (undefined when it must be asked): lets a request pass without a promise. */
  readonly knownAnswer = (sessionId: string): boolean | undefined => {
    const hit = this.cache.get(sessionId);
    return hit && hit.until > Date.now() ? hit.revoked : undefined;
  };

  /** Called by whoever just revoked the session on this instance. */
  markRevoked(sessionId: string) {
    this.remember(sessionId, true, Date.now());
  }

  private remember(sessionId: string, revoked: boolean, now: number) {
    if (this.cache.size >= MAX_ENTRIES) {
      for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    }
    this.cache.set(sessionId, { revoked, until: now + (revoked ? REVOKED_CACHE_MS : LIVE_SESSION_CACHE_MS) });
  }
}

/** Revokes one session by id (logout with only an access token left). */
export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}
