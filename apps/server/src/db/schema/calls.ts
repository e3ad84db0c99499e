import type { TCallTranslations, TStepTranslations } from '@impact/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminFiles } from './admin-files';

/** SPEC 3 "Step types": text, upload, miniDyi, results, survey, quiz are seeded; admins may add more. */
export const stepTypes = pgTable(
  'step_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('step_types_name').on(sql`lower(${t.name})`)],
);

/** SPEC 3 "CallType": the ordered steps a call's submissions go through. Several calls may share one. */
export const callTypes = pgTable('call_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().default(''),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SPEC 3 "Step". `content` is a string whose shape depends on the step type (upload: JSON list
 * of expected files; text: JSON {question, maxLength}; survey/quiz/miniDyi: defined by their
 * features). Sort values are unique within a call type.
 */
export const steps = pgTable(
  'steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callTypeId: uuid('call_type_id')
      .notNull()
      .references(() => callTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull(),
    stepTypeId: uuid('step_type_id')
      .notNull()
      .references(() => stepTypes.id),
    expectedAnswers: text('expected_answers'),
    subSteps: jsonb('sub_steps').$type<Array<{ name: string }>>().notNull().default([]),
    /** The step's texts in the languages beside the default, whose texts are the fields above. */
    translations: jsonb('translations').$type<TStepTranslations>().notNull().default({}),
    /** 1, or 2: a step of the full application, reached only by invited organizations (decision 0034). */
    stage: integer('stage').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('steps_call_type_sort').on(t.callTypeId, t.sort),
    check('steps_stage', sql`${t.stage} in (1, 2)`),
  ],
);

/** SPEC 3 "Call": an application round. Absent report ids are null, never '' (SPEC 5). */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    openingAt: timestamp('opening_at', { withTimezone: true }).notNull(),
    closingAt: timestamp('closing_at', { withTimezone: true }).notNull(),
    /** Results stay hidden until this moment; once set it never changes (SPEC 4 "Call lock"). */
    callLockEnd: timestamp('call_lock_end', { withTimezone: true }),
    callTypeId: uuid('call_type_id')
      .notNull()
      .references(() => callTypes.id, { onDelete: 'restrict' }),
    isUserFilterEnable: boolean('is_user_filter_enable').notNull().default(false),
    /** Comma-separated, lower-case e-mail addresses allowed when the filter is on. */
    userFilterEmail: text('user_filter_email').notNull().default(''),
    powerBiReportId: text('power_bi_report_id'),
    powerBiWorkspaceId: text('power_bi_workspace_id'),
    userPowerBiReportId: text('user_power_bi_report_id'),
    userPowerBiWorkspaceId: text('user_power_bi_workspace_id'),
    /** A file offered to applicants after closing (SPEC 2 "Call list card"): one of the admin files. */
    customFileId: uuid('custom_file_id').references(() => adminFiles.id, { onDelete: 'restrict' }),
    customFileName: text('custom_file_name'),
    /** Created by "New call" and not yet saved with a name and steps: applicants never see it. */
    draft: boolean('draft').notNull().default(false),
    /** Never-submitted applications are erased this many months after closing; null keeps them. */
    draftRetentionMonths: integer('draft_retention_months'),
    /** Everything of the call's applications is erased this many years after closing; null keeps them. */
    retentionYears: integer('retention_years'),
    /** Name and description in the languages beside the default, whose texts are `name` and `description`. */
    translations: jsonb('translations').$type<TCallTranslations>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calls_call_type').on(t.callTypeId), index('calls_closing_at').on(t.closingAt)],
);
