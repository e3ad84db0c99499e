import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { steps } from './calls';
import { callSubmissions } from './submissions';
import { users } from './users';

/**
 * A member's comment on a step of their organization's submission: a thread's first comment
 * (`parent_id` null, which alone carries the resolved state) or a reply to one. The team's own:
 * nothing an admin or a reviewer reads joins this table (docs/decisions/0031-step-comments.md).
 * An erased author leaves `author_user_id` null (and the comment deleted, or emptied when
 * colleagues replied to it).
 */
export const stepComments = pgTable(
  'step_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callSubmissionId: uuid('call_submission_id')
      .notNull()
      .references(() => callSubmissions.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => stepComments.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The members named (user ids); no foreign key: an erased person's id is taken out by erasure. */
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('step_comments_submission_step').on(t.callSubmissionId, t.stepId, t.createdAt),
    index('step_comments_parent').on(t.parentId),
    index('step_comments_author').on(t.authorUserId),
  ],
);
