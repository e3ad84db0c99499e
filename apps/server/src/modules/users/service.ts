import type { TLanguage, TUser } from '@impact/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export type VerifiedIdentity = {
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
};

export function toUser(row: UserRow): TUser {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, roles: row.roles };
}

/** Creates the user on first sign-in; later sign-ins refresh names, e-mail and roles from the provider. */
export async function upsertUserFromIdentity(db: Db, identity: VerifiedIdentity): Promise<UserRow> {
  const values = {
    issuer: identity.issuer,
    subject: identity.subject,
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    roles: identity.roles,
    lastLoginAt: sql`now()`,
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: {
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        roles: values.roles,
        lastLoginAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('user upsert returned nothing');
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/**
 * Keeps the interface language a person uses (the web app's Accept-Language when it signs in or
 * renews the session): mails to them are written in it. Writes only when it changed.
 */
export async function saveUserLanguage(db: Db, user: UserRow, language: TLanguage | null): Promise<void> {
  if (!language || user.language === language) return;
  await db.update(users).set({ language }).where(eq(users.id, user.id));
}

/** The language a user last used (null: none saved yet). */
export async function savedLanguageOf(db: Db, userId: string): Promise<TLanguage | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}
