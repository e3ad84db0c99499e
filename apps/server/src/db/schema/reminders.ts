import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { callSubmissions } from './submissions';

/**
 * A call's reminder settings; a call without a row uses the defaults (domain DEFAULT_REMINDER_HOURS,
 * no nudge). docs/decisions/0036-reminders-and-nudges.md.
 */
export const callReminders = pgTable('call_reminders', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  hoursBeforeClosing: integer('hours_before_closing').array().notNull(),
  nudgeAfterDays: integer('nudge_after_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per mailing to an application: inserted before its mails are queued, in the same
 * transaction, and unique per application, kind and moment, so however many instances run the
 * job each reminder goes out once (the loser's insert does nothing and it queues nothing).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'nudge'] }).notNull(),
    /** The reminder's moment, hours before closing; 0 for the nudge. */
    hours: integer('hours').notNull(),
    /**
     * The closing moment the mailing counted from: a call whose closing moves later reminds again
     * before its new deadline (the moments already past for the old one are not sent twice).
     */
    closingAt: timestamp('closing_at', { withTimezone: true }).notNull(),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reminder_sends_once').on(t.callSubmissionId, t.kind, t.hours, t.closingAt),
    index('reminder_sends_call').on(t.callId, t.sentAt),
  ],
);

/** An address that asked for no more reminders of one call (its other calls' still come). */
export const reminderUnsubscribes = pgTable(
  'reminder_unsubscribes',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('reminder_unsubscribes_once').on(t.callId, t.email)],
);
