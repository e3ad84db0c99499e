import type { TMemberRole } from '@impact/domain';
import DataLoader from 'dataloader';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers } from '../../db/schema';

/** Lookups gathered into one query at most. */
const MAX_BATCH = 500;

type Key = { orgId: string; userId: string };

/**
 * The X-Organization-Id check every signed-in request makes (plugins/organization-header.ts): the
 * caller's role in the organization, or null for a non-member.
 *
 * Invariant: the answer is the database's at the moment of the request; nothing is remembered
 * between requests. An organization used to have one owner for life, so a "yes" could be kept for
 * 10 s; with members, a removal or a demotion must count at the very next request on every
 * instance (issue "Teams"), and several instances share nothing but the database. The lookups
 * asked within one turn of the event loop share one query (dataloader), so a thousand autosaves
 * arriving at once still ask once (docs/decisions/0027-organization-members.md has the cost).
 */
export class MembershipLookup {
  private readonly lookups: DataLoader<Key, TMemberRole | null, string>;

  constructor(db: Db) {
    this.lookups = new DataLoader(
      async (keys) => {
        // Both lists, then the exact pairs: one indexed query for the whole batch.
        const rows = await db
          .select()
          .from(organizationMembers)
          .where(
            and(
              inArray(organizationMembers.organizationId, [...new Set(keys.map((k) => k.orgId))]),
              inArray(organizationMembers.userId, [...new Set(keys.map((k) => k.userId))]),
            ),
          );
        const roles = new Map(rows.map((r) => [`${r.organizationId}:${r.userId}`, r.role]));
        return keys.map((k) => roles.get(`${k.orgId}:${k.userId}`) ?? null);
      },
      {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (run) => setImmediate(run),
        cacheKeyFn: (k) => `${k.orgId}:${k.userId}`,
      },
    );
  }

  /** The user's role in the organization now, or null when they are not a member. */
  roleOf(userId: string, orgId: string): Promise<TMemberRole | null> {
    return this.lookups.load({ orgId, userId });
  }
}
