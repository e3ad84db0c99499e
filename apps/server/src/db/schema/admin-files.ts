import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Files administrators upload (SPEC 2 "file-upload"): png, jpeg, docx, mp4, xlsx. A call's custom
 * file is one of them (`calls.custom_file_id`, RESTRICT: a file offered by a call cannot vanish).
 */
export const adminFiles = pgTable(
  'admin_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Where the bytes are: 'postgres' (file_chunks) or 's3'; `storageKey` names them there. */
    storage: text('storage').notNull().default('postgres'),
    storageKey: text('storage_key').notNull(),
    /** Hex SHA-256 of the bytes, checked when files move between backends. */
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_files_created').on(t.createdAt)],
);
