import type { TCriterion, TCriterionScore, TDecisionOutcome, TRecommendation } from '@impact/domain';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { calls } from './calls';
import { emailOutbox } from './email';
import { callSubmissions } from './submissions';
import { users } from './users';

/** A call's review settings and rubric (criteria as one JSON list, edited together). */
export const reviewRubrics = pgTable('review_rubrics', {
  callId: uuid('call_id')
    .primaryKey()
    .references(() => calls.id, { onDelete: 'cascade' }),
  /** Blind review: reviewers never receive the organization's identity (redacted by the server). */
  blind: boolean('blind').notNull().default(false),
  /** When reviewing opens; null: when the call closes. */
  opensAt: timestamp('opens_at', { withTimezone: true }),
  reviewersPerSubmission: integer('reviewers_per_submission').notNull().default(2),
  criteria: jsonb('criteria').$type<TCriterion[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reviewers invited to a call by e-mail. `userId` is filled when someone signs in with that
 * (provider-verified) address: the invitation is then accepted.
 */
export const callReviewers = pgTable(
  'call_reviewers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedByUserId: uuid('invited_by_user_id'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('call_reviewers_call_email').on(t.callId, t.email), index('call_reviewers_email').on(t.email)],
);

/**
 * One reviewer on one submission, with their review. A declared conflict keeps the row (status
 * 'conflict', the reason recorded) so the reviewer is never assigned to that submission again.
 * `version` grows with every save, like step results, so a stale tab cannot overwrite a newer draft.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    reviewerUserId: uuid('reviewer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedByUserId: uuid('assigned_by_user_id'),
    status: text('status').$type<'assigned' | 'conflict'>().notNull().default('assigned'),
    /** When the reviewer declared having no conflict: only then do they see the submission. */
    noConflictAt: timestamp('no_conflict_at', { withTimezone: true }),
    conflictReason: text('conflict_reason').notNull().default(''),
    scores: jsonb('scores').$type<TCriterionScore[]>().notNull().default([]),
    recommendation: text('recommendation').$type<TRecommendation>(),
    comment: text('comment').notNull().default(''),
    version: integer('version').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_assignments_submission_reviewer').on(t.submissionId, t.reviewerUserId),
    index('review_assignments_reviewer').on(t.reviewerUserId),
    index('review_assignments_call').on(t.callId),
  ],
);

/**
 * The outcome of a submission. `mailId` is the decision mail queued for it: replaced while still
 * unsent when the outcome changes, never queued twice for the same outcome.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    outcome: text('outcome').$type<TDecisionOutcome>().notNull(),
    message: text('message').notNull().default(''),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    mailId: uuid('mail_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [index('review_decisions_call').on(t.callId)],
);
