import type { TMemberRole } from '@impact/domain';
import DataLoader from 'dataloader';
import { type Db, executeText } from '../../db/client';

/** Lookups gathered into one query at most. */
const MAX_BATCH = 500;

type Key = { orgId: string; userId: string };

/**
 * Every pair of a batch in one statement, its text fixed whatever the batch's size (arrays, not a
 * list of values), so it is prepared once per connection: this runs on nearly every request.
 */
const ROLES = {
  name: 'membership_roles',
  text: `select m.organization_id, m.user_id, m.role from organization_members m
    join unnest($1::uuid[], $2::uuid[]) as k(organization_id, user_id)
      on m.organization_id = k.organization_id and m.user_id = k.user_id`,
};

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
        // The exact pairs, each a primary-key read.
        const rows = await executeText<{ organization_id: string; user_id: string; role: TMemberRole }>(
          db,
          ROLES.name,
          ROLES.text,
          [keys.map((k) => k.orgId), keys.map((k) => k.userId)],
        );
        const roles = new Map(rows.map((r) => [`${r.organization_id}:${r.user_id}`, r.role]));
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
