import { and, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import type { CallerLookups } from './caller-lookups';

/** How long a "still signed in" answer is reused: other instances see a sign-out within this time. */
export const LIVE_SESSION_CACHE_MS = 5_000;
/** A revoked session stays revoked; remembering it longer than an access token lives is useless. */
export const REVOKED_CACHE_MS = 20 * 60_000;
/** Sessions remembered at most; the least recently used go first. */
export const SESSIONS_MAX = 10_000;

/**
 * The revocation list of sessions, one per app instance. A session is a refresh-token family:
 * logout, reuse detection and a password reset revoke its rows, and every access token names its
 * family (`sid`). The answer is kept so the check costs a query per session every few seconds,
 * not per request (docs/decisions/0013-sessions-and-revocation.md).
 *
 * Invariant: "live" is at most LIVE_SESSION_CACHE_MS old; "revoked" never turns back (kept
 * REVOKED_CACHE_MS). This instance forgets a live answer the moment it revokes the session
 * (`markRevoked`, which also keeps a read under way from being stored); other instances within
 * LIVE_SESSION_CACHE_MS. The lookups asked within one turn of the event loop share one query, with
 * the membership checks of that turn (caller-lookups.ts).
 */
export class SessionRevocations {
  private readonly cache: LRUCache<string, boolean>;

  constructor(lookups: CallerLookups, liveMs = LIVE_SESSION_CACHE_MS) {
    this.cache = new LRUCache<string, boolean>({
      max: SESSIONS_MAX,
      ttl: liveMs,
      // A read that `markRevoked` overtook is answered to its caller but not stored.
      ignoreFetchAbort: true,
      fetchMethod: async (sessionId, _stale, { options }) => {
        const revoked = await lookups.sessionRevoked(sessionId);
        if (revoked) options.ttl = REVOKED_CACHE_MS;
        return revoked;
      },
    });
  }

  readonly isRevoked = async (sessionId: string): Promise<boolean> => {
    return (await this.cache.fetch(sessionId)) ?? true;
  };

  /** The answer already known, without asking (undefined when it must be asked): lets a request pass without a promise. */
  readonly knownAnswer = (sessionId: string): boolean | undefined => this.cache.get(sessionId);

  /** Called by whoever just revoked the session on this instance. */
  markRevoked(sessionId: string) {
    this.cache.set(sessionId, true, { ttl: REVOKED_CACHE_MS });
  }
}

/** Revokes one session by id (logout with only an access token left). */
export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}
