import { type SQL, sql } from 'drizzle-orm';

/**
 * When another organization looks like the same body (decision 0060), one rule for every place
 * that asks: the same registration number as compared (`reg_number_key`, kept by the database:
 * separators and the country prefix aside, a placeholder is null and matches nothing), the same
 * contact e-mail or the same name (case and spaces aside; an empty one matches nothing), or a
 * member in common. `other` and `me` are SQL aliases of `organizations` rows. Each reason reads an
 * index (migrations 0053, 0054; organization_members by user and by organization). The applicant
 * history lists them with their reasons (history.ts).
 */
export const LOOKALIKE = {
  sameRegNumber: (other: SQL, me: SQL) => sql`${other}.reg_number_key = ${me}.reg_number_key`,
  sameContactEmail: (other: SQL, me: SQL) =>
    sql`(lower(btrim(${other}.contact_email)) = lower(btrim(${me}.contact_email)) and btrim(${me}.contact_email) <> '')`,
  sameName: (other: SQL, me: SQL) =>
    sql`(lower(btrim(${other}.name)) = lower(btrim(${me}.name)) and btrim(${me}.name) <> '')`,
  sharedMember: (other: SQL, me: SQL) =>
    sql`exists (${sharingAMember(sql`${me}.id`)} and theirs.organization_id = ${other}.id)`,
};

/** The organizations (`theirs.organization_id`) with a member of this one's, itself included. */
export const sharingAMember = (organizationId: SQL) =>
  sql`select theirs.organization_id from organization_members mine
        join organization_members theirs on theirs.user_id = mine.user_id
       where mine.organization_id = ${organizationId}`;
