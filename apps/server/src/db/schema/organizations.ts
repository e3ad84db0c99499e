import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * SPEC 3 "Organization": the bodies applicants register. Owned by the user who created it; only
 * that user sees or changes it. Columns carry the spec's names in snake_case (the API keeps the
 * spec's JSON names, including `chnageInLife`).
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      // An account with organizations is not deleted silently: its organizations carry submissions.
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    regNumber: text('reg_number').notNull(),
    /**
     * The registration number as two registrations of one body are compared (the applicant history's
     * lookalikes): letters and digits only, in capitals, without the organization's own country
     * prefix ("IT 012.345" and "012345" of an Italian body are one number); null when fewer than four
     * remain (a placeholder such as "-" or "0" says nothing). Kept by the database: the rule is the
     * SQL function `reg_number_key` (migration 0053), its one place.
     */
    regNumberKey: text('reg_number_key').generatedAlwaysAs(sql`reg_number_key(reg_number, country)`),
    streetName: text('street_name').notNull(),
    cityName: text('city_name').notNull(),
    /** ISO 3166-1 alpha-2 code. */
    country: text('country').notNull(),
    dateOfFoundation: date('date_of_foundation', { mode: 'string' }),
    contactName: text('contact_name').notNull(),
    contactSurname: text('contact_surname').notNull(),
    contactRole: text('contact_role').notNull(),
    contactEmail: text('contact_email').notNull(),
    personalData: boolean('personal_data').notNull(),
    selfCertification: boolean('self_certification').notNull().default(false),
    termsOfService: boolean('terms_of_service').notNull().default(false),
    nordicCountry: boolean('nordic_country').notNull().default(false),
    preFunding: boolean('pre_funding').notNull().default(false),
    /** Spelled as the spec and the API spell it. */
    chnageInLife: boolean('chnage_in_life').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizations_owner').on(t.ownerUserId),
    // The applicant history's lookalikes: one body's registration number, name or contact compared.
    index('organizations_reg_number_key').on(t.regNumberKey),
    index('organizations_name_key').on(sql`lower(btrim(${t.name}))`),
    index('organizations_contact_email_key').on(sql`lower(btrim(${t.contactEmail}))`),
  ],
);
