import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { steps } from './calls';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * Every saved version of a step's answer, with who saved it and when (docs/decisions/0030).
 * Written by the autosave's own statement; saves by one author within one minute share a row
 * (it takes the newest content and version), so the history stays readable; never across a
 * Submit, so a frozen record's content stays in the history. `version` is the
 * answer's version (`step_results.version`) the row last held. The author is null only when
 * the user row went (erasure pseudonymises instead, so a name is normally left).
 */
export const stepResultVersions = pgTable(
  'step_result_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    content: text('content').notNull(),
    /** The version this row's content was restored from; such a row never takes later saves. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [
    // The history of one step, and its latest row (the autosave reads it to coalesce).
    uniqueIndex('step_result_versions_step').on(t.callSubmissionId, t.stepId, t.version),
    // Erasure finds a person's rows.
    index('step_result_versions_author').on(t.authorUserId),
  ],
);
