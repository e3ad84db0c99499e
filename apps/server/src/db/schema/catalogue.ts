import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One counter per cached table (today: 'calls'), bumped by a statement trigger on every insert,
 * update, delete or truncate of that table (migration 0022). A server instance compares it with
 * the version of its in-memory copy in the same query that serves a request, so the copy is never
 * stale, whichever instance or SQL session changed the table.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
