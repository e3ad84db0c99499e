import DataLoader from 'dataloader';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, executeText } from '../../db/client';
import { refreshTokens } from '../../db/schema';

/** How long a "still signed in" answer is reused: other instances see a sign-out within this time. */
export const LIVE_SESSION_CACHE_MS = 5_000;
/** A revoked session stays revoked; remembering it longer than an access token lives is useless. */
export const REVOKED_CACHE_MS = 20 * 60_000;
/** Sessions remembered at most; the least recently used go first. */
export const SESSIONS_MAX = 10_000;
/** Lookups gathered into one query at most. */
const MAX_BATCH = 500;

/** A batch's sessions in one statement whose text never changes (prepared once per connection). */
const REVOKED = {
  name: 'sessions_revoked',
  text: `select family_id, bool_or(revoked_at is not null) as revoked from refresh_tokens
    where family_id = any($1::uuid[]) group by family_id`,
};

/**
 * The revocation list of sessions, one per app instance. A session is a refresh-token family:
 * logout, reuse detection and a password reset revoke its rows, and every access token names its
 * family (`sid`). The answer is kept so the check costs a query per session every few seconds,
 * not per request (docs/decisions/0013-sessions-and-revocation.md).
 *
 * Invariant: "live" is at most LIVE_SESSION_CACHE_MS old; "revoked" never turns back (kept
 * REVOKED_CACHE_MS). This instance forgets a live answer the moment it revokes the session
 * (`markRevoked`, which also keeps a read under way from being stored); other instances within
 * LIVE_SESSION_CACHE_MS. The lookups asked within one turn of the event loop share one query.
 */
export class SessionRevocations {
  private readonly cache: LRUCache<string, boolean>;
  private readonly lookups: DataLoader<string, boolean>;

  constructor(db: Db, liveMs = LIVE_SESSION_CACHE_MS) {
    this.lookups = new DataLoader(
      async (ids) => {
        const rows = await executeText<{ family_id: string; revoked: boolean }>(db, REVOKED.name, REVOKED.text, [
          [...ids],
        ]);
        const revoked = new Map(rows.map((r) => [r.family_id, r.revoked === true]));
        // A family we never issued (or one deleted with its user) is as good as revoked.
        return ids.map((id) => revoked.get(id) ?? true);
      },
      { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
    this.cache = new LRUCache<string, boolean>({
      max: SESSIONS_MAX,
      ttl: liveMs,
      // A read that `markRevoked` overtook is answered to its caller but not stored.
      ignoreFetchAbort: true,
      fetchMethod: async (sessionId, _stale, { options }) => {
        const revoked = await this.lookups.load(sessionId);
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
