import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cleanHeader } from '../../lib/mail-headers';

/**
 * A text column that becomes a mail header: cleaned as it is written (lib/mail-headers.ts), so every
 * mail, whichever module queues it, is stored without control characters in its headers.
 */
const headerText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => cleanHeader(value),
});

/**
 * Every mail is written here first and sent by a retrying worker, so an SMTP outage loses nothing.
 * Without SMTP (development) the rows stay unsent and /dev/outbox shows them.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: headerText('to').notNull(),
    subject: headerText('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    /**
     * A mailing list's one-click unsubscribe (RFC 8058): the worker sends it as List-Unsubscribe
     * with List-Unsubscribe-Post; null for a mail that is no mailing (receipts, invitations).
     */
    unsubscribeUrl: headerText('unsubscribe_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('email_outbox_pending').on(t.sentAt, t.nextAttemptAt),
    // A person's latest mail of a kind (the conversation's digest asks it at every message).
    index('email_outbox_to_template').on(t.to, t.template, t.createdAt),
  ],
);
