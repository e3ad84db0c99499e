import type { TActualsForecast, TGrantStatus, TTrancheCondition } from '@impact/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { calls, callTypes } from './calls';
import { organizations } from './organizations';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * A grant (docs/decisions/0043-grants-and-award-letters.md): one per accepted submission, made by
 * the decision. `letter_text` is the award letter as sent, in the grantee's language, and
 * `letter_hash` its SHA-256: what an acceptance is bound to (the audit row repeats it).
 */
export const grants = pgTable(
  'grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The grant's number, in the order grants are made: its reference (`grantReference`) in letters and pages. */
    number: integer('number').notNull().unique().generatedByDefaultAsIdentity(),
    submissionId: uuid('submission_id')
      .notNull()
      .unique()
      .references(() => callSubmissions.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('EUR'),
    startsAt: date('starts_at'),
    endsAt: date('ends_at'),
    conditions: text('conditions').notNull().default(''),
    status: text('status').$type<TGrantStatus>().notNull().default('draft'),
    letterLanguage: text('letter_language'),
    letterText: text('letter_text'),
    letterHash: text('letter_hash'),
    letterSentAt: timestamp('letter_sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedByName: text('accepted_by_name'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** Who declined: their name is read from their account (a pseudonym once erased, nothing once deleted). */
    declinedByUserId: uuid('declined_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When an administrator closed the active grant (its reports and payments are then done with). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The application's impact forecast (indicators, targets, proxies, budget, SROI parameters) as
     * it stood when the grant was accepted: what its reports' impact actuals are measured against,
     * whatever is edited later (decision 0044). Null before acceptance (and for older grants: read live).
     */
    impactForecast: jsonb('impact_forecast').$type<TActualsForecast>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('grants_amount', sql`${t.amount} >= 0`),
    check('grants_dates', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} <= ${t.endsAt}`),
    index('grants_call').on(t.callId),
    index('grants_organization').on(t.organizationId),
  ],
);

/** A grant's payments in order (decision 0043); status is computed from the grant and the day. */
export const grantTranches = pgTable(
  'grant_tranches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    condition: text('condition').$type<TTrancheCondition>().notNull(),
    dueAt: date('due_at'),
    paidAt: date('paid_at'),
    paymentReference: text('payment_reference'),
    paidByUserId: uuid('paid_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For `onReportApproval`: the plan item whose report, once approved, makes it payable. */
    reportPlanId: uuid('report_plan_id').references(() => grantReportPlans.id, { onDelete: 'restrict' }),
  },
  (t) => [
    check('grant_tranches_amount', sql`${t.amount} > 0`),
    check('grant_tranches_report', sql`(${t.condition} = 'onReportApproval') = (${t.reportPlanId} is not null)`),
    index('grant_tranches_grant').on(t.grantId, t.position),
  ],
);

/**
 * A call's reporting plan (docs/decisions/0044-grant-reports.md): the reports each of its grants
 * owes, in order. `form_call_id` is a hidden call (kept a draft, so no list or public page shows it)
 * on the item's call type: each report is that call's submission by the grantee organization, so it
 * is written in the application's own wizard, autosave, Submit, frozen record and PDF.
 */
export const grantReportPlans = pgTable(
  'grant_report_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    dueAfterMonths: integer('due_after_months'),
    dueAt: date('due_at'),
    callTypeId: uuid('call_type_id')
      .notNull()
      .references(() => callTypes.id, { onDelete: 'restrict' }),
    formCallId: uuid('form_call_id')
      .notNull()
      .unique()
      .references(() => calls.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('grant_report_plans_due', sql`(${t.dueAfterMonths} is null) <> (${t.dueAt} is null)`),
    check('grant_report_plans_months', sql`${t.dueAfterMonths} is null or ${t.dueAfterMonths} between 1 and 120`),
    index('grant_report_plans_call').on(t.callId, t.position),
  ],
);

/**
 * One report a grant owes: made for every plan item when the grant is accepted (and for an item
 * added later). `submission_id` is set when a member first opens it; `submitted_at` follows the
 * report's last Submit, `actual_sroi` the impact-actuals step's central ratio at that Submit and
 * `actual_values` the value it gave each indicator (`{ "<key>": value }`), so the portfolio counts
 * the targets met without reading every report's whole answer.
 */
export const grantReports = pgTable(
  'grant_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: uuid('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => grantReportPlans.id, { onDelete: 'restrict' }),
    dueAt: date('due_at').notNull(),
    submissionId: uuid('submission_id')
      .unique()
      .references(() => callSubmissions.id, { onDelete: 'restrict' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    actualSroi: doublePrecision('actual_sroi'),
    actualValues: jsonb('actual_values').$type<Record<string, number | null>>(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedOverdueAt: timestamp('reminded_overdue_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grant_reports_grant_plan').on(t.grantId, t.planId),
    index('grant_reports_plan').on(t.planId),
    // The reminder job and the portfolio's overdue count read the reports not yet sent, by day.
    index('grant_reports_unsent_due').on(t.dueAt).where(sql`${t.submittedAt} is null`),
  ],
);
