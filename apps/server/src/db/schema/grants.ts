import type { TGrantStatus, TTrancheCondition } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { organizations } from './organizations';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * A grant (docs/decisions/0043-grants-and-award-letters.md): one per accepted submission, made by
 * the decision. `letter_text` is the award letter as sent, in the grantee's language, and
 * `letter_hash` its SHA-256: what an acceptance is bound to (the audit row repeats it).
 */
export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .unique()
      .references(() => callSubmissions.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    startsAt: date('starts_at'),
    endsAt: date('ends_at'),
    conditions: text('conditions').notNull().default(''),
    status: text('status').$type<TGrantStatus>().notNull().default('draft'),
    letterLanguage: text('letter_language'),
    letterText: text('letter_text'),
    letterHash: text('letter_hash'),
    letterSentAt: timestamp('letter_sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedByName: text('accepted_by_name'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('grants_amount', sql`${t.amount} >= 0`),
    check('grants_dates', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} <= ${t.endsAt}`),
    index('grants_call').on(t.callId),
    index('grants_organization').on(t.organizationId),
  ],
);

/** A grant's payments in order (decision 0043); status is computed from the grant and the day. */
export const grantTranches = pgTable(
  'grant_tranches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    condition: text('condition').$type<TTrancheCondition>().notNull(),
    dueAt: date('due_at'),
    paidAt: date('paid_at'),
    paymentReference: text('payment_reference'),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('grant_tranches_amount', sql`${t.amount} > 0`),
    index('grant_tranches_grant').on(t.grantId, t.position),
  ],
);
