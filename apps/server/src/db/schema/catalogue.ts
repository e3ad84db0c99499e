import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * One counter per table the applicant call list reads whole (today: 'calls'), bumped by a
 * statement trigger on every insert, update, delete or truncate of that table (migrations 0022,
 * 0028). `moments` are the instants at which the list changes by itself as time passes (a call
 * opens, closes, or its lock ends), sorted: the list's ETag names how many have passed
 * (`width_bucket`), so a page is never revalidated across one of them.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  moments: timestamp('moments', { withTimezone: true }).array().notNull().default([]),
  /** How many calls are not drafts: the list's total before the e-mail filters (0028). */
  listedCalls: integer('listed_calls').notNull().default(0),
});

/**
 * What the call list shows of one organization (its submissions, whether closed, their decisions)
 * changes only with this counter: triggers bump it in the transaction of the change (migration
 * 0028). No row yet means version 0. One row per organization, so a close storm contends only
 * within each organization.
 */
export const organizationListVersions = pgTable('organization_list_versions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
