import {
  DEFAULT_LANGUAGE,
  type TLanguage,
  type TMemberRole,
  type TOrganization,
  type TOrganizationInput,
  type TOrganizationUpdate,
} from '@impact/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { callSubmissions, organizationMembers, organizations } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { refuseIfSavedSince } from '../../lib/saved-since';
import { recordConsent } from '../consent/versions';
import { requireRole } from './member-access';

type OrganizationRow = typeof organizations.$inferSelect;

export function toOrganization(row: OrganizationRow, role: TMemberRole): TOrganization {
  return {
    id: row.id,
    name: row.name,
    reg_number: row.regNumber,
    street_name: row.streetName,
    city_name: row.cityName,
    country: row.country,
    date_of_foundation: row.dateOfFoundation,
    contact_name: row.contactName,
    contact_surname: row.contactSurname,
    contact_role: row.contactRole,
    contact_email: row.contactEmail,
    personalData: row.personalData,
    selfCertification: row.selfCertification,
    termsOfService: row.termsOfService,
    nordicCountry: row.nordicCountry,
    preFunding: row.preFunding,
    chnageInLife: row.chnageInLife,
    role,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toColumns(input: TOrganizationInput) {
  return {
    name: input.name,
    regNumber: input.reg_number,
    streetName: input.street_name,
    cityName: input.city_name,
    country: input.country,
    dateOfFoundation: input.date_of_foundation,
    contactName: input.contact_name,
    contactSurname: input.contact_surname,
    contactRole: input.contact_role,
    contactEmail: input.contact_email,
    personalData: input.personalData,
    selfCertification: input.selfCertification,
    termsOfService: input.termsOfService,
    nordicCountry: input.nordicCountry,
    preFunding: input.preFunding,
    chnageInLife: input.chnageInLife,
  };
}

/** The caller's organizations (every one they are a member of) with their role in each. */
export async function listOrganizations(db: Db, userId: string): Promise<TOrganization[]> {
  const rows = await db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.createdAt));
  return rows.map((r) => toOrganization(r.organization, r.role));
}

/** Any member reads it; anyone else gets 404 (ids reveal nothing). */
export async function getOrganization(db: Db, userId: string, orgId: string): Promise<TOrganization> {
  const role = await requireRole(db, orgId, userId, 'read');
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!row) throw notFound('errors.organizations.notFound');
  return toOrganization(row, role);
}

export async function createOrganization(
  db: Db,
  userId: string,
  input: TOrganizationInput,
  language: TLanguage = DEFAULT_LANGUAGE,
): Promise<TOrganization> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organizations)
      .values({ ...toColumns(input), ownerUserId: userId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // The consent ticked in the form, with the version of the text it was given under.
    if (row.personalData) await recordConsent(tx, userId, row.id, language);
    // The trigger organizations_first_owner made the creator its first owner.
    return toOrganization(row, 'owner');
  });
}

/** Owners only: the organization's details are what the funder reads about it. */
export async function updateOrganization(
  db: Db,
  userId: string,
  input: TOrganizationUpdate,
  language: TLanguage = DEFAULT_LANGUAGE,
): Promise<TOrganization> {
  return db.transaction(async (tx) => {
    await requireRole(tx, input.id, userId, 'manage');
    // Checked under the row's lock: of two owners who loaded the same version, the second to save is told.
    if (input.basedOnUpdatedAt) {
      const [stored] = await tx
        .select({ updatedAt: organizations.updatedAt })
        .from(organizations)
        .where(eq(organizations.id, input.id))
        .for('update');
      if (stored) refuseIfSavedSince(stored.updatedAt, input.basedOnUpdatedAt, 'errors.organizations.changedSince');
    }
    const [row] = await tx
      .update(organizations)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(organizations.id, input.id))
      .returning();
    if (!row) throw notFound('errors.organizations.notFound');
    if (row.personalData) await recordConsent(tx, userId, row.id, language);
    return toOrganization(row, 'owner');
  });
}

/**
 * The one place that says whether an organization has submissions (SPEC: such an organization
 * cannot be deleted). Called inside deleteOrganization's transaction; the foreign key (RESTRICT)
 * backs it up in the database.
 */
export async function organizationHasSubmissions(db: Db | Tx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: callSubmissions.id })
    .from(callSubmissions)
    .where(eq(callSubmissions.organizationId, orgId))
    .limit(1);
  return Boolean(row);
}

/** Owners only: deletes the organization unless it has submissions (409: their data must stay). */
export async function deleteOrganization(db: Db, userId: string, orgId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the row so a submission cannot be started for it between the check and the delete.
    const [row] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .for('update');
    if (!row) throw notFound('errors.organizations.notFound');
    await requireRole(tx, orgId, userId, 'manage');
    if (await organizationHasSubmissions(tx, orgId)) {
      throw conflict('errors.organizations.hasSubmissions');
    }
    await tx.delete(organizations).where(eq(organizations.id, orgId));
  });
}
