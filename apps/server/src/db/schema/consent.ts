import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

/**
 * Every wording of the data-protection consent text ever shown (the branding's dataConsentText).
 * A text is stored once, found again by its hash, so an acceptance always points to the exact
 * words the person agreed to, even after the branding changes.
 */
export const consentTextVersions = pgTable(
  'consent_text_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Hex SHA-256 of the text. */
    textHash: text('text_hash').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('consent_text_versions_hash').on(t.textHash)],
);

/**
 * One row each time a person ticks the consent (registering or updating an organization):
 * who, which version of the text, and when. Kept when the person is erased (the user row is
 * pseudonymised), as the record that the retained applications were given with consent.
 */
export const consentAcceptances = pgTable(
  'consent_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => consentTextVersions.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_acceptances_user').on(t.userId, t.acceptedAt)],
);
