import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { submissionRecords } from './pdf';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * An administrator's request for changes to named steps of a submitted application
 * (docs/decisions/0039-request-changes.md). Open while neither answered (Submit again) nor
 * withdrawn and before `due_at`; while open, the autosave's one statement lets the named steps be
 * written (modules/submissions/guarded-write.ts). One open request per submission is held by the
 * service under the submission's row lock (an expired one is no longer open, which an index
 * could not say).
 */
export const submissionChangeRequests = pgTable(
  'submission_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    stepIds: uuid('step_ids').array().notNull(),
    message: text('message').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The record Submit again froze. */
    answeredRecordId: uuid('answered_record_id').references(() => submissionRecords.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnByUserId: uuid('withdrawn_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('submission_change_requests_submission').on(t.callSubmissionId, t.createdAt),
    check('submission_change_requests_one_end', sql`${t.answeredAt} is null or ${t.withdrawnAt} is null`),
  ],
);
