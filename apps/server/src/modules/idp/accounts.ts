import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type TLanguage } from '@impact/domain';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idpAccounts, idpAccountTokens, idpStore, refreshTokens, users } from '../../db/schema';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export type IdpAccount = typeof idpAccounts.$inferSelect;

/** After this many wrong passwords in a row the account is locked for LOCK_MINUTES. */
export const MAX_FAILED_LOGINS = 8;
export const LOCK_MINUTES = 15;
const TOKEN_TTL_HOURS = { 'verify-email': 72, 'reset-password': 2 } as const;
type TokenPurpose = keyof typeof TOKEN_TTL_HOURS;

export const ZRegistration = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'errors.idp.passwordMismatch',
  });

export const ZNewPassword = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    passwordConfirm: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'errors.idp.passwordMismatch',
  });

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function findAccountByEmail(db: Db, email: string): Promise<IdpAccount | null> {
  const [row] = await db
    .select()
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.email})`, normalizeEmail(email)));
  return row ?? null;
}

export async function findAccountById(db: Db, id: string): Promise<IdpAccount | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id));
  return row ?? null;
}

/** A new, unverified account; `existing` when the address is taken (the caller mails its owner instead). */
export async function createAccount(
  db: Db,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    language: TLanguage;
    roles?: string[];
  },
  options: { verified?: boolean } = {},
): Promise<{ kind: 'created'; account: IdpAccount } | { kind: 'existing'; account: IdpAccount }> {
  const existing = await findAccountByEmail(db, input.email);
  if (existing) return { kind: 'existing', account: existing };
  const [account] = await db
    .insert(idpAccounts)
    .values({
      email: normalizeEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      passwordHash: await hashPassword(input.password),
      language: input.language,
      roles: input.roles ?? [],
      emailVerifiedAt: options.verified ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!account) {
    const raced = await findAccountByEmail(db, input.email);
    if (raced) return { kind: 'existing', account: raced };
    throw new Error('account insert failed');
  }
  return { kind: 'created', account };
}

export type SignInResult =
  | { kind: 'ok'; account: IdpAccount }
  | { kind: 'invalid' }
  | { kind: 'locked' }
  | { kind: 'unverified'; account: IdpAccount };

/**
 * Checks a password with per-account throttling: after MAX_FAILED_LOGINS wrong passwords the
 * account refuses even the right one for LOCK_MINUTES (the per-address limit is the route's).
 */
export async function signIn(db: Db, email: string, password: string): Promise<SignInResult> {
  const account = await findAccountByEmail(db, email);
  if (!account) {
    await burnPasswordCheck(password);
    return { kind: 'invalid' };
  }
  if (account.lockedUntil && account.lockedUntil.getTime() > Date.now()) return { kind: 'locked' };
  if (!(await verifyPassword(password, account.passwordHash))) {
    const failed = account.failedLogins + 1;
    const lock = failed >= MAX_FAILED_LOGINS;
    await db
      .update(idpAccounts)
      .set({
        failedLogins: lock ? 0 : failed,
        lockedUntil: lock ? new Date(Date.now() + LOCK_MINUTES * 60_000) : account.lockedUntil,
      })
      .where(eq(idpAccounts.id, account.id));
    return lock ? { kind: 'locked' } : { kind: 'invalid' };
  }
  if (account.failedLogins > 0 || account.lockedUntil) {
    await db.update(idpAccounts).set({ failedLogins: 0, lockedUntil: null }).where(eq(idpAccounts.id, account.id));
  }
  if (!account.emailVerifiedAt) return { kind: 'unverified', account };
  return { kind: 'ok', account };
}

/** A single-use link token; only its hash is stored. Older unused tokens of the same purpose die. */
export async function createAccountToken(db: Db, accountId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(idpAccountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(idpAccountTokens.accountId, accountId),
          eq(idpAccountTokens.purpose, purpose),
          isNull(idpAccountTokens.usedAt),
        ),
      );
    await tx.insert(idpAccountTokens).values({
      accountId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_TTL_HOURS[purpose] * 3_600_000),
    });
  });
  return token;
}

/** Spends a token: the account it belongs to, or null if unknown, used or expired. */
async function consumeAccountToken(db: Db, token: string, purpose: TokenPurpose): Promise<IdpAccount | null> {
  const [row] = await db
    .update(idpAccountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(idpAccountTokens.tokenHash, hashToken(token)),
        eq(idpAccountTokens.purpose, purpose),
        isNull(idpAccountTokens.usedAt),
        gt(idpAccountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ accountId: idpAccountTokens.accountId });
  return row ? findAccountById(db, row.accountId) : null;
}

export async function verifyEmail(db: Db, token: string): Promise<IdpAccount | null> {
  const account = await consumeAccountToken(db, token, 'verify-email');
  if (!account) return null;
  await db
    .update(idpAccounts)
    .set({ emailVerifiedAt: account.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(idpAccounts.id, account.id));
  return account;
}

/** Checks a reset token without spending it (to show the form). */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: idpAccountTokens.id })
    .from(idpAccountTokens)
    .where(
      and(
        eq(idpAccountTokens.tokenHash, hashToken(token)),
        eq(idpAccountTokens.purpose, 'reset-password'),
        isNull(idpAccountTokens.usedAt),
        gt(idpAccountTokens.expiresAt, sql`now()`),
      ),
    );
  return Boolean(row);
}

/** A reset also proves the mailbox, so it verifies the e-mail and lifts a lock. */
export async function resetPassword(db: Db, token: string, password: string): Promise<IdpAccount | null> {
  const account = await consumeAccountToken(db, token, 'reset-password');
  if (!account) return null;
  await signOutEverywhere(db, account.id);
  await db
    .update(idpAccounts)
    .set({
      passwordHash: await hashPassword(password),
      failedLogins: 0,
      lockedUntil: null,
      emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
      updatedAt: new Date(),
    })
    .where(eq(idpAccounts.id, account.id));
  return account;
}

/**
 * A reset password means whoever knew the old one must lose access: the app's refresh tokens of
 * this account and the provider's sessions and grants for it are revoked.
 */
export async function signOutEverywhere(db: Db, accountId: string) {
  await db.transaction(async (tx) => {
    const owners = await tx.select({ id: users.id }).from(users).where(eq(users.subject, accountId));
    if (owners.length > 0) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            inArray(
              refreshTokens.userId,
              owners.map((o) => o.id),
            ),
            isNull(refreshTokens.revokedAt),
          ),
        );
    }
    await tx
      .delete(idpStore)
      .where(and(inArray(idpStore.model, ['Session', 'Grant']), sql`${idpStore.payload}->>'accountId' = ${accountId}`));
  });
}
