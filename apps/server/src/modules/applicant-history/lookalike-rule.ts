import { type SQL, sql } from 'drizzle-orm';

/**
 * When another organization looks like the same body (decision 0060), one rule for every place
 * that asks: the same registration number as compared (`reg_number_key`, kept by the database:
 * separators and the country prefix aside, a placeholder is null and matches nothing), the same
 * contact e-mail or the same name (case and spaces aside; an empty one matches nothing), or a
 * member in common. `other` and `me` are SQL aliases of `organizations` rows. Each reason reads an
 * index (migrations 0053, 0054; organization_members by user and by organization).
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

/**
 * Whether any other organization looks like the one whose id is `organizationId` (an SQL
 * expression): one EXISTS per reason, so each stops at its first match on its own index.
 */
export function hasLookalike(organizationId: SQL): SQL<boolean> {
  const me = sql.raw('lk_me');
  const other = sql.raw('lk_other');
  const byColumns = [LOOKALIKE.sameRegNumber, LOOKALIKE.sameContactEmail, LOOKALIKE.sameName].map(
    (reason) => sql`exists (select 1 from organizations ${other} where ${reason(other, me)} and ${other}.id <> ${me}.id)`,
  );
  return sql<boolean>`(select ${sql.join(byColumns, sql` or `)}
      or exists (${sharingAMember(sql`${me}.id`)} and theirs.organization_id <> ${me}.id)
    from organizations ${me} where ${me}.id = ${organizationId})`;
}
