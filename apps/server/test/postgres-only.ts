/**
 * Tests that need several connections or processes on one database (instances side by side,
 * crash and restart) run on PostgreSQL: TEST_DATABASE_URL, which CI always sets. Elsewhere they
 * are skipped; in CI a missing URL fails the run instead of skipping them silently.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? null;
if (!POSTGRES_URL && process.env.CI) {
  throw new Error('TEST_DATABASE_URL is not set: the multi-instance tests need PostgreSQL in CI');
}
