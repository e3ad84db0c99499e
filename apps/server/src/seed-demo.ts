import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { idpAccounts } from './db/schema';
import { createAccount, findAccountByEmail, signOutEverywhere } from './modules/idp/accounts';
import { hashPassword, verifyPassword } from './modules/idp/passwords';
import { seedDemoContent } from './seed-demo-content';

/** Demo accounts on the embedded provider, printed at start-up so a person can try the app at once. */
export const DEMO_ACCOUNTS = [
  {
    role: 'admin',
    email: 'admin@impact-calls.test',
    password: 'Admin-demo-2026',
    firstName: 'Anna',
    lastName: 'Admin',
    roles: ['admin'],
  },
  {
    role: 'applicant',
    email: 'applicant@impact-calls.test',
    password: 'Applicant-demo-2026',
    firstName: 'Marco',
    lastName: 'Bianchi',
    roles: [],
  },
  {
    // An editor on the applicant's organization, so the members tab shows a team.
    role: 'colleague',
    email: 'colleague@impact-calls.test',
    password: 'Colleague-demo-2026',
    firstName: 'Giulia',
    lastName: 'Verdi',
    roles: [],
  },
] as const;

export async function seedDemo(db: Db, config: AppConfig) {
  if (!config.seedDemo || config.externalOidc) return [];
  for (const account of DEMO_ACCOUNTS) {
    await createAccount(
      db,
      {
        email: account.email,
        password: account.password,
        firstName: account.firstName,
        lastName: account.lastName,
        language: 'it',
        roles: [...account.roles],
      },
      { verified: true },
    );
  }
  await seedDemoContent(db, config);
  return DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }));
}

/**
 * Demo accounts seeded by an earlier local run must not keep their published passwords once the
 * same data is served to the network or in production: each one still using its published
 * password gets a random one (a password reset by mail gives it a new one) and is signed out.
 */
export async function retireDemoAccounts(db: Db, config: AppConfig): Promise<number> {
  if (config.privateInstall || config.externalOidc) return 0;
  let retired = 0;
  for (const demo of DEMO_ACCOUNTS) {
    const account = await findAccountByEmail(db, demo.email);
    if (!account || !(await verifyPassword(demo.password, account.passwordHash))) continue;
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await db.update(idpAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(idpAccounts.id, account.id));
    await signOutEverywhere(db, account.id);
    retired += 1;
  }
  return retired;
}
