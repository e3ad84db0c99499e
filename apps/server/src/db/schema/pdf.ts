import type { TLanguage, TPdfExportData } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { emailOutbox } from './email';
import { callSubmissions } from './submissions';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * What was submitted, frozen at each closing: the PDF export data as it was at that
 * moment, written in the closing transaction. Later edits to the call, its steps, the organization
 * or the branding never change it; reopening and closing again adds a new row.
 */
export const submissionRecords = pgTable(
  'submission_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedByUserId: uuid('closed_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    closedByEmail: text('closed_by_email').notNull(),
    /** The applicant's language when closing: the receipt's and the PDF's default. */
    language: text('language').$type<TLanguage>().notNull(),
    /** The stage this closing submitted: a two-stage call keeps one record per stage (decision 0034). */
    stage: integer('stage').notNull().default(1),
    data: jsonb('data').$type<TPdfExportData>().notNull(),
    /** Changes whenever `data` does (an erasure rewrites it): a stored PDF made from other data is stale. */
    dataMd5: text('data_md5').notNull().generatedAlwaysAs(sql`md5(data::text)`),
  },
  (t) => [index('submission_records_submission').on(t.callSubmissionId, t.closedAt)],
);

/**
 * Files attached to an outbox mail. A submission's PDF is not stored: the row names the frozen
 * record and the sender renders it (the same bytes every time), so closing stays one short
 * transaction and the database does not keep a second copy of every application.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Literal bytes, or null when the file is made from `submissionRecordId` at sending time. */
    bytes: bytea('bytes'),
    submissionRecordId: uuid('submission_record_id').references(() => submissionRecords.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_attachments_mail').on(t.mailId)],
);

/** Which copy of a record: as the applicant and admins see it, or redacted for a blind review. */
export type TPdfView = 'open' | 'blind';

/**
 * A record's PDF, rendered once per language and view and kept with the files (PostgreSQL
 * chunks or S3, `storage`/`storage_key` as in `files`): later downloads and the receipt mail read
 * it instead of rendering again. `data_md5` names what it was made from; a copy whose data has
 * since changed is never served (docs/decisions/0025-pdf-made-once.md).
 */
export const recordPdfs = pgTable(
  'record_pdfs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionRecordId: uuid('submission_record_id')
      .notNull()
      .references(() => submissionRecords.id, { onDelete: 'cascade' }),
    language: text('language').$type<TLanguage>().notNull(),
    view: text('view').$type<TPdfView>().notNull(),
    dataMd5: text('data_md5').notNull(),
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('record_pdfs_one_copy').on(t.submissionRecordId, t.language, t.view)],
);
