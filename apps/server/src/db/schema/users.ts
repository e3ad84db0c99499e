import type { TLanguage } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * People who signed in (SPEC 3 "User"), whichever identity provider vouched for them.
 * (issuer, subject) is the identity; e-mail and names are refreshed from the provider at each sign-in.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The interface language the person last used (the web app's Accept-Language when it signs
     * in or renews the session): mails to them are written in it. Null until then.
     */
    language: text('language').$type<TLanguage>(),
    /** When the person was erased: the row stays, pseudonymised, for the applications kept. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_identity').on(t.issuer, t.subject), index('users_email').on(sql`lower(${t.email})`)],
);

/**
 * Rotating refresh tokens, stored only as SHA-256 hashes. Every rotation stays in its family so a
 * replayed old token can revoke the whole family (the thief's and the victim's copies alike).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The provider's id token, kept for the logout redirect (id_token_hint). */
    idTokenHint: text('id_token_hint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash').on(t.tokenHash), index('refresh_tokens_family').on(t.familyId)],
);

/** Secrets the installation generates for itself when the environment gives none (development). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
