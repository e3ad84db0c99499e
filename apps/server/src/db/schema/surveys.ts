import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * SPEC 2, 7 "survey types": a named SurveyJS model (JSON, stored unchanged) that admins build in
 * the survey creator and pick for a survey or quiz step; the step gets a copy of the model, so
 * editing a type later never changes a call applicants are answering.
 */
export const surveyTypes = pgTable(
  'survey_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    model: text('model').notNull(),
    isQuiz: boolean('is_quiz').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_types_name').on(sql`lower(${t.name})`, t.id)],
);
