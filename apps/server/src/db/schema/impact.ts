import type { TLocalizedText, TOutcome, TStakeholder } from '@impact/domain';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** SPEC 3 "SDG": the 17 UN goals, seeded on every start (texts in it / en / fr). */
export const sdgs = pgTable('sdgs', {
  sdgCode: integer('sdg_code').primaryKey(),
  name: jsonb('name').$type<TLocalizedText>().notNull(),
  description: jsonb('description').$type<TLocalizedText>().notNull(),
  keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
  url: text('url').notNull(),
});

/**
 * SPEC 3 "ImpactFramework". Stored as one document (jsonb) per framework rather than four
 * normalised tables: a framework is created whole from a workbook, never edited piece by piece,
 * and always read whole (detail page, the applicant's pickers). One row keeps the import a single
 * insert (10,000 workbook rows in milliseconds), atomic, and the ids of outcomes, indicators,
 * proxies and stakeholders (uuids given at import) stable for the answers that point at them.
 */
export const impactFrameworks = pgTable('impact_frameworks', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  stakeholders: jsonb('stakeholders').$type<TStakeholder[]>().notNull(),
  outcomes: jsonb('outcomes').$type<TOutcome[]>().notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
