import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { calls, steps } from './calls';
import { organizations } from './organizations';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * SPEC 3 "Submission": one per organization per call. Rows are never deleted by accident:
 * the call and the organization refuse deletion while a submission exists (RESTRICT).
 */
export const callSubmissions = pgTable(
  'call_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    /** Who started it; the organization's owner is who may read and write it. */
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    closed: boolean('closed').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_submissions_call_org').on(t.callId, t.organizationId),
    index('call_submissions_org').on(t.organizationId),
  ],
);

/**
 * SPEC 3 "StepResult": the answer to one step. `version` grows with every write so a stale
 * tab cannot overwrite newer answers. A step with answers cannot be removed from its call type.
 */
export const stepResults = pgTable(
  'step_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'restrict' }),
    content: text('content').notNull().default(''),
    score: doublePrecision('score'),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('step_results_submission_step').on(t.callSubmissionId, t.stepId)],
);

/** SPEC 3 "File type": pdf, excel, word, image. */
export const attachmentTypes = pgTable('attachment_types', {
  id: integer('id').primaryKey(),
  attachedType: text('attached_type').notNull(),
});

/**
 * Uploaded files, bytes in PostgreSQL (transactional, backed up with the data). Files of a
 * submission go with it; a user's other files stay theirs.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    callSubmissionId: uuid('call_submission_id').references(() => callSubmissions.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => steps.id, { onDelete: 'restrict' }),
    /** SPEC "Nome": the slot of the step's file list this file fills. */
    name: text('name').notNull(),
    /** SPEC "Descrizione", cut at 1024 characters. */
    description: text('description').notNull().default(''),
    attachmentTypeId: integer('attachment_type_id').references(() => attachmentTypes.id),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_submission').on(t.callSubmissionId), index('files_owner').on(t.ownerUserId)],
);
