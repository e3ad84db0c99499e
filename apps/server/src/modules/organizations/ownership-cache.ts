import type { Db } from '../../db/client';

/** How long a confirmed "this organization is this user's" is trusted without asking again. */
const TRUST_MS = 10_000;
/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

/**
 * Remembers, per database and per instance, which organizations were confirmed to belong to which
 * user, for the X-Organization-Id check every signed-in request makes (issue 16: one round trip
 * less per request). Only "yes" is remembered: an organization never changes owner, so the one
 * thing that can turn a yes into a no is a deletion, which this instance forgets at once and other
 * instances within TRUST_MS; meanwhile their handlers still find no such organization (404, or a
 * refused start through the foreign key), so nothing is read or written under it.
 */
export class OwnershipCache {
  private confirmed = new Map<string, number>();

  has(userId: string, orgId: string, now = Date.now()): boolean {
    const key = `${userId}:${orgId}`;
    const at = this.confirmed.get(key);
    if (at === undefined) return false;
    if (now - at < TRUST_MS) return true;
    this.confirmed.delete(key);
    return false;
  }

  remember(userId: string, orgId: string, now = Date.now()) {
    const key = `${userId}:${orgId}`;
    this.confirmed.delete(key);
    this.confirmed.set(key, now);
    if (this.confirmed.size > MAX_ENTRIES) {
      const oldest = this.confirmed.keys().next().value;
      if (oldest !== undefined) this.confirmed.delete(oldest);
    }
  }

  forgetOrganization(orgId: string) {
    for (const key of this.confirmed.keys()) if (key.endsWith(`:${orgId}`)) this.confirmed.delete(key);
  }
}

const caches = new WeakMap<Db, OwnershipCache>();

/** The cache of this database connection (one per app; tests build many apps). */
export function ownershipCache(db: Db): OwnershipCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new OwnershipCache();
    caches.set(db, cache);
  }
  return cache;
}
