import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/count-queries';
import { signInAs } from '../../../test/sign-in';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { refreshTokens } from '../../db/schema';
import { CallerLookups } from './caller-lookups';
import { LIVE_SESSION_CACHE_MS, REVOKED_CACHE_MS, SESSIONS_MAX, SessionRevocations } from './session-revocations';

/** Each way a kept "still signed in" could go stale: a sign-out here, one elsewhere, a read overtaken. */
describe('SessionRevocations', () => {
  let created: TestDatabase;
  beforeAll(async () => {
    created = await createTestDatabase({ from: 'template' });
  });
  afterAll(() => created?.database && created.drop());

  const newSession = async (email: string) => {
    const { token } = await signInAs(created.database.db, { email });
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    return claims.sid;
  };
  const revokeBehindItsBack = (sessionId: string) =>
    created.database.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(refreshTokens.familyId, sessionId));

  it('keeps a live answer, and calls an unknown session revoked', async () => {
    const revocations = new SessionRevocations(new CallerLookups(created.database.db));
    const session = await newSession('uno@ente.example');
    expect(revocations.knownAnswer(session)).toBeUndefined();
    expect(await revocations.isRevoked(session)).toBe(false);
    expect(revocations.knownAnswer(session)).toBe(false);
    expect(await revocations.isRevoked('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect([LIVE_SESSION_CACHE_MS, REVOKED_CACHE_MS, SESSIONS_MAX]).toEqual([5_000, 1_200_000, 10_000]);
  });

  it('a sign-out on this instance applies at once', async () => {
    const revocations = new SessionRevocations(new CallerLookups(created.database.db));
    const session = await newSession('due@ente.example');
    expect(await revocations.isRevoked(session)).toBe(false);
    await revokeBehindItsBack(session);
    revocations.markRevoked(session);
    expect(revocations.knownAnswer(session)).toBe(true);
    expect(await revocations.isRevoked(session)).toBe(true);
  });

  it('a sign-out on another instance applies once the live answer’s time has passed', async () => {
    const revocations = new SessionRevocations(new CallerLookups(created.database.db), 200);
    const session = await newSession('tre@ente.example');
    expect(await revocations.isRevoked(session)).toBe(false);
    expect(revocations.knownAnswer(session)).toBe(false);
    await revokeBehindItsBack(session);
    await new Promise((r) => setTimeout(r, 250));
    expect(revocations.knownAnswer(session)).toBeUndefined();
    expect(await revocations.isRevoked(session)).toBe(true);
  });

  it('does not keep a live answer that a sign-out on this instance overtook', async () => {
    const revocations = new SessionRevocations(new CallerLookups(created.database.db));
    const session = await newSession('quattro@ente.example');
    const reading = revocations.isRevoked(session);
    revocations.markRevoked(session);
    await reading;
    expect(revocations.knownAnswer(session)).toBe(true);
  });

  it('asks for the sessions of one turn in one query', async () => {
    const revocations = new SessionRevocations(new CallerLookups(created.database.db));
    const sessions = await Promise.all(['a', 'b', 'c'].map((s) => newSession(`${s}@batch.example`)));
    const queries = countQueries(created.database);
    try {
      expect(await Promise.all(sessions.map((s) => revocations.isRevoked(s)))).toEqual([false, false, false]);
    } finally {
      queries.stop();
    }
    expect(queries.count).toBe(1);
  });
});
