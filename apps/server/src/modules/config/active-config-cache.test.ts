import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { ActiveConfigCache, type ConfigReads } from './active-config-cache';
import { activeConfigVersion, getActiveConfig } from './service';

/**
 * The branding's cache and a save on this instance, with a read of the database that was under
 * way when the save committed and answers after it (a slow connection of the pool; a journey on
 * PostgreSQL met it: the page loaded just after the save still showed the old setting). The reads
 * are the service's own on a real database; the test only holds one answer back.
 */
describe('the active configuration cache', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ from: 'template' });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const rename = (name: string) =>
    t.database.db.execute(sql`update configs set name = ${name}, updated_at = now() where is_active`);

  it('after a save, answers the saved configuration, never the read that began before it', async () => {
    let held: { answered(): void; release: Promise<void> } | null = null;
    const reads: ConfigReads = {
      version: activeConfigVersion,
      config: async (db) => {
        const config = await getActiveConfig(db);
        const hold = held;
        if (hold) {
          hold.answered();
          await hold.release;
        }
        return config;
      },
    };
    // A minute between checks: only the invalidation may make a change show.
    const cache = new ActiveConfigCache(t.database.db, 60_000, reads);
    await rename('Prima');

    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      held = { answered: resolve, release: new Promise<void>((r) => (release = r)) };
    });
    const before = cache.get();
    await answered; // it has read 'Prima' and its answer is on the way
    held = null;
    await rename('Dopo');
    cache.invalidate();
    const after = cache.get();
    release();

    expect((await before).name).toBe('Prima'); // its own caller gets what it read
    expect((await after).name).toBe('Dopo');
    expect((await cache.get()).name).toBe('Dopo'); // and the older read kept nothing
  });
});
