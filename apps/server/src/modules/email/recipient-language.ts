import { isLanguage, type TLanguage } from '@impact/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { idpAccounts, users } from '../../db/schema';

/**
 * The language a mail to `email` is written in: the interface language the person last used (saved
 * on their user when the web app signs in or renews the session), else their sign-in account's
 * (the embedded provider's), else `fallback` (the language of the request that sends the mail, or
 * the one the applicant submitted in). Never the sender's own language by accident.
 */
export async function recipientLanguage(db: Db | Tx, email: string, fallback: TLanguage): Promise<TLanguage> {
  const address = email.trim().toLowerCase();
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = ${address} and ${users.language} is not null`)
    .orderBy(desc(users.lastLoginAt))
    .limit(1);
  if (user?.language && isLanguage(user.language)) return user.language;
  const [account] = await db
    .select({ language: idpAccounts.language })
    .from(idpAccounts)
    .where(eq(sql`lower(${idpAccounts.email})`, address))
    .limit(1);
  return account && isLanguage(account.language) ? account.language : fallback;
}
