import type { TJsonObject, TScreenerMessage, TScreenerRule } from '@impact/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A call's eligibility screener (docs/decisions/0033-eligibility-screener.md). `model` is the
 * SurveyJS JSON as text, so its keys keep the order the admin wrote (jsonb would sort them).
 * `version` grows at every save: a screening made against an older version no longer decides.
 */
export const callScreeners = pgTable('call_screeners', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  model: text('model').notNull(),
  rules: jsonb('rules').$type<TScreenerRule[]>().notNull(),
  contact: text('contact').notNull().default(''),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every screening attempt: the answers, the verdict and the messages of the rules that held (in
 * every language, as they read when it was made). The latest of an organization for a call
 * decides whether it may start the application. An erased person leaves `user_id` null.
 */
export const callScreenings = pgTable(
  'call_screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<TJsonObject>().notNull(),
    eligible: boolean('eligible').notNull(),
    reasons: jsonb('reasons').$type<TScreenerMessage[]>().notNull(),
    screenerVersion: integer('screener_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_screenings_latest').on(t.callId, t.organizationId, t.createdAt),
    index('call_screenings_organization').on(t.organizationId),
    index('call_screenings_user').on(t.userId),
  ],
);
