import { MEMBER_ROLES } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Who works for an organization and with which role. The creator is its first owner (a trigger
 * adds that row with the organization, so every way of creating one keeps it); an organization
 * always keeps at least one owner (modules/organizations/members.ts), and `organizations.owner_user_id`
 * always names one of its owners (docs/decisions/0027-organization-members.md).
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user').on(t.userId)],
);

/**
 * An owner's invitation by e-mail. Accepted when a person signs in with that verified address
 * before `expires_at` (14 days), unless withdrawn; one open invitation per address and organization.
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower case, trimmed. */
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('organization_invitations_email').on(t.email),
    uniqueIndex('organization_invitations_open')
      .on(t.organizationId, t.email)
      .where(sql`withdrawn_at is null and accepted_at is null`),
  ],
);
