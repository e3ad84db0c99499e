import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL } from '../../test/postgres-only';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rows } from './client';

/**
 * What every pooled PostgreSQL connection runs with: no JIT compilation (a statement whose
 * estimate passed its threshold spent longer compiling than running: db/client.ts). The embedded
 * database has no JIT to turn off.
 */
describe.runIf(POSTGRES_URL)('the pool’s connections', () => {
  let created: TestDatabase;
  beforeAll(async () => {
    created = await createTestDatabase();
  });
  afterAll(() => created.drop());

  it('run with JIT off, whatever the server’s default', async () => {
    const settings = await Promise.all(
      // More at once than one connection: every connection the pool opens, not only the first.
      Array.from({ length: 4 }, () =>
        rows<{ jit: string }>(created.database.db, sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
      ),
    );
    expect(settings.map(([s]) => s?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
