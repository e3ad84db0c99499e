import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';

/** How long a confirmed "this organization is this user's" is trusted without asking again. */
export const OWNERSHIP_TTL_MS = 10_000;
/** Organizations remembered at most; the least recently used go first. */
export const OWNERSHIP_MAX = 20_000;
/** Lookups gathered into one query at most. */
const MAX_BATCH = 500;

/**
 * The X-Organization-Id check every signed-in request makes (plugins/organization-header.ts):
 * whose each organization is, one per app instance.
 *
 * Invariant: an entry says who owned the organization at most OWNERSHIP_TTL_MS ago. An
 * organization never changes owner, so the one thing that can turn a yes into a no is its
 * deletion: this instance forgets it at once (`forgetOrganization`, which also keeps a read under
 * way from being stored); other instances within OWNERSHIP_TTL_MS, meanwhile their handlers
 * still find no such organization (404, or a refused start through the foreign key), so nothing
 * is read or written under it. An unknown organization is never remembered.
 *
 * The lookups asked within one turn of the event loop share one query (dataloader; a thousand
 * applicants starting at once each asked for their organization before).
 */
export class OwnershipCache {
  private readonly owners: LRUCache<string, string>;
  private readonly lookups: DataLoader<string, string | null>;

  constructor(db: Db, ttlMs = OWNERSHIP_TTL_MS) {
    this.lookups = new DataLoader(
      async (ids) => {
        const rows = await db
          .select({ id: organizations.id, owner: organizations.ownerUserId })
          .from(organizations)
          .where(inArray(organizations.id, [...ids]));
        const owners = new Map(rows.map((r) => [r.id, r.owner]));
        return ids.map((id) => owners.get(id) ?? null);
      },
      { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
    );
    this.owners = new LRUCache<string, string>({
      max: OWNERSHIP_MAX,
      ttl: ttlMs,
      // A read that `forgetOrganization` overtook is answered to its caller but not stored.
      ignoreFetchAbort: true,
      fetchMethod: async (orgId) => (await this.lookups.load(orgId)) ?? undefined,
    });
  }

  /** Whether a confirmation is held, without waiting (lets a request pass without a promise). */
  has(userId: string, orgId: string): boolean {
    return this.owners.get(orgId) === userId;
  }

  /** Whether the organization is this user's; a yes is remembered. */
  async isOwnedBy(userId: string, orgId: string): Promise<boolean> {
    return (await this.owners.fetch(orgId)) === userId;
  }

  /** Called by whoever deleted the organization on this instance. */
  forgetOrganization(orgId: string) {
    this.owners.delete(orgId);
  }
}
