import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createVerifiedAccount } from '../../../test/sign-in';
import { idpAccounts } from '../../db/schema';
import {
  createAccountToken,
  FREE_FAILED_LOGINS,
  LOCK_MINUTES,
  lockSecondsAfter,
  resetPassword,
  signIn,
} from './accounts';

/** The per-account counter is atomic and slows guessing without handing strangers a 15-minute lock. */
describe('per-account sign-in throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const row = async (email: string) =>
    (await t.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, email)))[0];

  it('16 parallel wrong passwords: every checked password is counted and the account ends up throttled', async () => {
    await createVerifiedAccount(t.database.db, { email: 'parallel@example.org' });
    // One instant for all 16 (on a loaded machine the first delay, 1 s, could end mid-burst).
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn(t.database.db, 'parallel@example.org', `wrong ${i}`, now)),
    );
    const checked = results.filter((r) => r.kind === 'invalid').length;
    const account = await row('parallel@example.org');
    // No more passwords were tried than the free ones plus the one that starts the delay.
    expect(checked).toBeLessThanOrEqual(FREE_FAILED_LOGINS + 1);
    expect(account?.failedLogins).toBe(checked);
    expect(account?.lockedUntil?.getTime() ?? 0).toBeGreaterThan(now.getTime());
    expect(results.filter((r) => r.kind === 'locked').length).toBe(16 - checked);
  });

  it('delays grow with each failure; 8 tries by a stranger do not lock the owner out for long', async () => {
    await createVerifiedAccount(t.database.db, { email: 'admin-like@example.org' });
    let now = Date.now();
    let lastFailure = now;
    // A patient stranger waits out every delay: 8 wrong passwords.
    for (let i = 0; i < 8; i++) {
      const result = await signIn(t.database.db, 'admin-like@example.org', `guess ${i}`, new Date(now));
      expect(result.kind).toBe('invalid');
      lastFailure = now;
      now += lockSecondsAfter(i + 1) * 1000 + 1;
    }
    const account = await row('admin-like@example.org');
    const lockSeconds = ((account?.lockedUntil?.getTime() ?? lastFailure) - lastFailure) / 1000;
    expect(lockSeconds).toBeLessThanOrEqual(60);
    expect(lockSecondsAfter(8)).toBeLessThan(LOCK_MINUTES * 60);
    // Right after the short delay the owner gets in, and the counter starts over.
    const owner = await signIn(t.database.db, 'admin-like@example.org', 'correct horse battery', new Date(now));
    expect(owner.kind).toBe('ok');
    expect((await row('admin-like@example.org'))?.failedLogins).toBe(0);
  });

  it('sustained guessing reaches the full lock, which even the right password cannot pass, and a reset lifts it', async () => {
    const account = await createVerifiedAccount(t.database.db, { email: 'besieged@example.org' });
    let now = Date.now();
    let failures = 0;
    while (lockSecondsAfter(failures) < LOCK_MINUTES * 60) {
      expect((await signIn(t.database.db, 'besieged@example.org', 'nope nope', new Date(now))).kind).toBe('invalid');
      failures += 1;
      now += lockSecondsAfter(failures) * 1000 + 1;
    }
    now -= lockSecondsAfter(failures) * 1000; // just after the last failure
    expect(failures).toBeGreaterThan(8);
    const right = await signIn(t.database.db, 'besieged@example.org', 'correct horse battery', new Date(now));
    expect(right.kind).toBe('locked');
    const token = await createAccountToken(t.database.db, account.id, 'reset-password');
    expect(await resetPassword(t.database.db, token, 'a brand new passphrase')).not.toBeNull();
    const after = await signIn(t.database.db, 'besieged@example.org', 'a brand new passphrase', new Date(now));
    expect(after.kind).toBe('ok');
  });
});
