import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who changed what, and when: one row per administrator write, inserted in the same transaction
 * as the change (so a rolled-back change leaves no entry and a committed one always has one).
 * The actor's e-mail is copied, not joined, so the trail still reads after a user is renamed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    /** `<entity>.<verb>`, e.g. `call.update`, `config.activate` (AUDIT_ACTIONS in packages/domain). */
    action: text('action').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    index('audit_log_action').on(t.action, t.createdAt),
    index('audit_log_target').on(t.targetId),
  ],
);
