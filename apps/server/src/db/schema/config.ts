import type { TConfigTranslations } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Branding configuration (SPEC 3 "Config"). Several may exist; exactly one is active. */
export const configs = pgTable(
  'configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    description: text('description').notNull().default(''),
    message: text('message').notNull().default(''),
    logoBase64: text('logo_base64'),
    logoWidth: integer('logo_width').notNull().default(50),
    logoHeight: integer('logo_height').notNull().default(50),
    listName: text('list_name').notNull().default(''),
    languageSelection: boolean('language_selection').notNull().default(true),
    organizationSelection: boolean('organization_selection').notNull().default(true),
    reportPowerBiId: text('report_power_bi_id').notNull(),
    workspacePowerBiId: text('workspace_power_bi_id').notNull(),
    defaultLanguage: text('default_language', { enum: ['it', 'en', 'fr'] })
      .notNull()
      .default('it'),
    domain: text('domain').notNull().default(''),
    dataConsentText: text('data_consent_text').notNull(),
    /** The welcome message and consent sentence in the languages beside the default. */
    translations: jsonb('translations').$type<TConfigTranslations>().notNull().default({}),
    /** Origins allowed to frame /embed/calls (CSP frame-ancestors); empty: none. */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The database, not the code, guarantees "exactly one active": at most one row may be active.
  (t) => [uniqueIndex('configs_one_active').on(t.isActive).where(sql`${t.isActive}`)],
);
