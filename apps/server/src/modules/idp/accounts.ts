import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type TLanguage } from '@impact/domain';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idpAccounts, idpAccountTokens, idpStore, refreshTokens, users } from '../../db/schema';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';

export type IdpAccount = typeof idpAccounts.$inferSelect;

/**
 * Per-account throttling (docs/SECURITY.md, item 5). The first FREE_FAILED_LOGINS wrong passwords
 * in a row cost nothing; from then on each failure closes the account for a delay that doubles
 * (1 s, 2 s, 4 s …) up to LOCK_MINUTES. A stranger who knows the address therefore gets a few
 * seconds of nuisance from 8 tries, while a sustained guesser is held to one guess per
 * LOCK_MINUTES. A correct password (outside a delay) or a password reset clears it all.
 */
export const FREE_FAILED_LOGINS = 4;
export const LOCK_MINUTES = 15;

/** Seconds the account stays closed after its n-th consecutive failure. */
export function lockSecondsAfter(failures: number): number {
  if (failures <= FREE_FAILED_LOGINS) return 0;
  return Math.min(2 ** (failures - FREE_FAILED_LOGINS - 1), LOCK_MINUTES * 60);
}
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
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'unverified'; account: IdpAccount };

/**
 * Checks a password with per-account throttling (the per-address limit is the route's). The
 * attempt is counted as a failure BEFORE the password is checked, in one UPDATE that only passes
 * an open account: parallel guesses cannot read the same counter, and once a delay starts the
 * rest are refused without a check. A right password then clears the count.
 */
export async function signIn(db: Db, email: string, password: string, now = new Date()): Promise<SignInResult> {
  const account = await findAccountByEmail(db, email);
  if (!account) {
    await burnPasswordCheck(password);
    return { kind: 'invalid' };
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  const failures = sql`${idpAccounts.failedLogins} + 1`;
  const [attempt] = await db
    .update(idpAccounts)
    .set({
      failedLogins: failures,
      lockedUntil: sql`case when ${failures} > ${FREE_FAILED_LOGINS}
        then ${at} + least(power(2, ${failures} - ${FREE_FAILED_LOGINS + 1}), ${LOCK_MINUTES * 60}) * interval '1 second'
        else null end`,
    })
    .where(and(eq(idpAccounts.id, account.id), or(isNull(idpAccounts.lockedUntil), lte(idpAccounts.lockedUntil, at))))
    .returning({ failedLogins: idpAccounts.failedLogins });
  if (!attempt) {
    const [row] = await db
      .select({ lockedUntil: idpAccounts.lockedUntil })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, account.id));
    const until = row?.lockedUntil?.getTime() ?? now.getTime();
    return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }
  if (!(await verifyPassword(password, account.passwordHash))) return { kind: 'invalid' };
  await db.update(idpAccounts).set({ failedLogins: 0, lockedUntil: null }).where(eq(idpAccounts.id, account.id));
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
