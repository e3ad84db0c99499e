import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * A message in an application's conversation (docs/decisions/0037-conversation-per-application.md):
 * `side` is the team's or the funder's, fixed when written. Nothing a reviewer reads, no record
 * and no PDF joins this table. An erased author leaves `author_user_id` null.
 */
export const submissionMessages = pgTable(
  'submission_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side', { enum: ['applicant', 'funder'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submission_messages_submission').on(t.callSubmissionId, t.createdAt),
    index('submission_messages_author').on(t.authorUserId),
  ],
);

/** Up to when each person has read an application's conversation. */
export const submissionMessageReads = pgTable(
  'submission_message_reads',
  {
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.callSubmissionId, t.userId] })],
);

/**
 * A file attached to a message, its bytes in the files storage (PostgreSQL chunks or S3) under
 * `storage_key`; goes with its message (and so with an erased author's messages, whose bytes the
 * erasure removes after its commit).
 */
export const submissionMessageFiles = pgTable(
  'submission_message_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => submissionMessages.id, { onDelete: 'cascade' }),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submission_message_files_message').on(t.messageId),
    index('submission_message_files_submission').on(t.callSubmissionId),
  ],
);
