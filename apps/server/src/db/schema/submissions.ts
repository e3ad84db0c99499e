import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

/**
 * SPEC 3 "Submission": one per organization per call. Rows are never deleted by accident:
 * the call and the organization refuse deletion while a submission exists (RESTRICT).
 */
export const callSubmissions = pgTable(
  'call_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The application's number, in the order applications are started: its reference
     * (`submissionReference`) in receipts, the PDF and the funder's lists, which a person can read
     * out on the phone where the id cannot be.
     */
    number: integer('number').notNull().unique().generatedByDefaultAsIdentity(),
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
    /*
     * A call in two stages (decision 0034): `closed`/`closed_at` stay stage 1's (the application
     * was submitted); an invitation moves the submission to stage 2 with its own deadline, and
     * stage 2's Submit sets `stage_closed_at`.
     */
    stage: integer('stage').notNull().default(1),
    stageInvitedAt: timestamp('stage_invited_at', { withTimezone: true }),
    stageClosingAt: timestamp('stage_closing_at', { withTimezone: true }),
    stageClosedAt: timestamp('stage_closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'call_submissions_stage',
      sql`${t.stage} = 1 or (${t.stage} = 2 and ${t.closed} and ${t.stageClosingAt} is not null)`,
    ),
    uniqueIndex('call_submissions_call_org').on(t.callId, t.organizationId),
    index('call_submissions_org').on(t.organizationId),
    // The admin search finds its authors' submissions through this.
    index('call_submissions_author').on(t.createdByUserId),
    // The admin list's keyset order (created_at desc, id desc), overall and within one call. Plain
    // ascending on purpose: read backwards it matches ORDER BY … DESC (NULLS FIRST), which a
    // DESC NULLS LAST index would not.
    index('call_submissions_created').on(t.createdAt, t.id),
    index('call_submissions_call_created').on(t.callId, t.createdAt, t.id),
    // The few invited to a second stage: the admin list counts those not yet sent without reading
    // every submission.
    index('call_submissions_second_stage').on(t.callId).where(sql`${t.stage} = 2`),
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
    /** Who wrote this version (a team sees "saved by"); null for rows written before it was kept, or an erased account. */
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('step_results_submission_step').on(t.callSubmissionId, t.stepId),
    // Reports read one step's answers page by page (keyset on id) and count answers per step.
    index('step_results_step').on(t.stepId, t.id),
  ],
);

/** SPEC 3 "File type": pdf, excel, word, image. */
export const attachmentTypes = pgTable('attachment_types', {
  id: integer('id').primaryKey(),
  attachedType: text('attached_type').notNull(),
});

/**
 * Uploaded files: the row keeps what the file is and whose; the bytes are in the file storage
 * (modules/files/storage: PostgreSQL chunks or S3) under `storageKey`. Files of a
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
    /** Where the bytes are: 'postgres' (file_chunks) or 's3'; `storageKey` names them there. */
    storage: text('storage').notNull().default('postgres'),
    storageKey: text('storage_key').notNull(),
    /** Hex SHA-256 of the bytes, checked when files move between backends. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_submission').on(t.callSubmissionId), index('files_owner').on(t.ownerUserId)],
);
