import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createAccount } from './modules/idp/accounts';

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
  return DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }));
}
