import { doublePrecision, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { callSubmissions, stepResults } from './submissions';

/**
 * Issue 13: what the call dashboard needs from each impact (miniDyi) answer, kept narrow so the
 * dashboard of a call with 100,000 submissions never parses 100,000 JSON documents. Filled by a
 * database trigger on step_results (migration "report-impact-answers"), so every writer of an
 * answer keeps it right without knowing it exists. `sroi` is the stored central ratio (the score).
 */
export const reportImpactAnswers = pgTable(
  'report_impact_answers',
  {
    stepResultId: uuid('step_result_id')
      .primaryKey()
      .references(() => stepResults.id, { onDelete: 'cascade' }),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    callId: uuid('call_id').notNull(),
    sdgs: smallint('sdgs').array().notNull().default([]),
    budget: doublePrecision('budget'),
    sroi: doublePrecision('sroi'),
    outcomes: text('outcomes').array().notNull().default([]),
    stakeholders: text('stakeholders').array().notNull().default([]),
  },
  (t) => [
    index('report_impact_answers_call').on(t.callId),
    index('report_impact_answers_submission').on(t.callSubmissionId),
  ],
);

/**
 * The last computed dashboard of each call. A dashboard over 100,000 submissions costs about half
 * a second of database work; officers reload it often, and a figure a minute old is as good, so
 * it is reused for DASHBOARD_CACHE_SECONDS (or recomputed on request). Kept in the database, not
 * in a process, so every instance shares it.
 */
export const reportDashboardCache = pgTable('report_dashboard_cache', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  body: jsonb('body').notNull(),
});
