import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_DAYS } from '@impact/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Two tabs (or a double-clicked reload) may refresh with the same token at once. A token reused
 * within this many seconds of its rotation is treated as that race, not as theft: the caller gets
 * an access token but no new refresh token (its browser already holds the newer cookie).
 */
export const ROTATION_GRACE_SECONDS = 10;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export type RefreshOutcome =
  | { kind: 'rotated'; userId: string; familyId: string; refreshToken: string }
  | { kind: 'grace'; userId: string; familyId: string }
  | { kind: 'rejected'; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; familyId?: string };

/** A new session: its first refresh token, and the family id that names the session in access tokens. */
export async function issueRefreshToken(db: Db, userId: string, idTokenHint: string | null, familyId = randomUUID()) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    familyId,
    userId,
    tokenHash: hash(token),
    idTokenHint,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS),
  });
  return { token, familyId };
}

/** One use per token: rotation, with reuse detection that revokes the whole family. */
export async function rotateRefreshToken(db: Db, token: string): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    // Row lock: two concurrent refreshes with one token are serialised, so exactly one rotates.
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash(token)))
      .for('update');
    if (!row) return { kind: 'rejected', reason: 'unknown' } as const;
    if (row.revokedAt) return { kind: 'rejected', reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now()) return { kind: 'rejected', reason: 'expired' } as const;
    if (row.rotatedAt) {
      if (Date.now() - row.rotatedAt.getTime() <= ROTATION_GRACE_SECONDS * 1000) {
        return { kind: 'grace', userId: row.userId, familyId: row.familyId } as const;
      }
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { kind: 'rejected', reason: 'reused', familyId: row.familyId } as const;
    }
    await tx.update(refreshTokens).set({ rotatedAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
    const next = randomBytes(32).toString('base64url');
    await tx.insert(refreshTokens).values({
      familyId: row.familyId,
      userId: row.userId,
      tokenHash: hash(next),
      idTokenHint: row.idTokenHint,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * DAY_MS),
    });
    return { kind: 'rotated', userId: row.userId, familyId: row.familyId, refreshToken: next } as const;
  });
}

/** Logout: the family of this token is revoked, so neither it nor any of its rotations works again. */
export async function revokeFamilyOf(
  db: Db,
  token: string,
): Promise<{ idTokenHint: string | null; familyId: string } | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash(token)));
  if (!row) return null;
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  return { idTokenHint: row.idTokenHint, familyId: row.familyId };
}
