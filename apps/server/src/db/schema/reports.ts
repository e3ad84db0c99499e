import {
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { callSubmissions, stepResults } from './submissions';

/**
 * What the call dashboard needs from each impact (miniDyi) answer, kept narrow so the
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
    // The median SROI of a call is read by position along this index, not by sorting every ratio.
    index('report_impact_answers_call_sroi').on(t.callId, t.sroi),
  ],
);

/**
 * The call dashboard's figures, pre-aggregated: one row per (call, dimension, key) with a count and
 * an amount (budget, exact in numeric). Dimensions: submissions, closed, started and closedOn (key
 * a UTC day), country, step and stepClosed (key a step id), budget, sdg, sroi, sroiOver, sroiBucket,
 * outcome, stakeholder. Triggers never update these rows (a hot row per call would serialize every
 * submission of the call): they append signed changes to report_tally_deltas, which the next
 * dashboard read folds in (migration "report-tallies"; `report_tallies_rebuild(call)` recounts).
 */
export const reportTallies = pgTable(
  'report_tallies',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.callId, t.dimension, t.key] })],
);

/** Signed changes to report_tallies written by the triggers, not yet folded in (append only). */
export const reportTallyDeltas = pgTable(
  'report_tally_deltas',
  {
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount').notNull().default('0'),
  },
  (t) => [index('report_tally_deltas_call').on(t.callId)],
);
