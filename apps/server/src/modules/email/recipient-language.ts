import { isLanguage, LANGUAGES, type TLanguage } from '@impact/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';

/** The languages we write in, as an SQL array: a saved value outside it counts as none. */
const OURS = `array[${LANGUAGES.map((l) => `'${l}'`).join(', ')}]`;

/**
 * The rule, as one SQL expression of an e-mail address: the interface language the person last
 * used (saved on their user when the web app signs in or renews the session), else their sign-in
 * account's (the embedded provider's), else null. The address is compared as JavaScript's trim()
 * and a lower case leave it. Submit reads it inside its own statement (close-statements.ts), every
 * other mail through `recipientLanguage`: one rule, two ways to ask.
 *
 * `column` is SQL text pasted as it is: a column or placeholder of the caller's statement, never
 * a value.
 */
export function recipientLanguageSql(column: string): string {
  const address = `lower(btrim(${column}, E' \\t\\n\\r\\f\\v'))`;
  return `coalesce(
    (select u.language from users u
     where lower(u.email) = ${address} and u.language = any(${OURS})
     order by u.last_login_at desc nulls last limit 1),
    (select a.language from idp_accounts a where lower(a.email) = ${address} and a.language = any(${OURS}) limit 1))`;
}

const LANGUAGE_OF_GIVEN = sql.raw(recipientLanguageSql('given.address'));

/** A language read by `recipientLanguageSql`, or the fallback when none was saved (or it is not ours). */
export function languageOr(saved: string | null | undefined, fallback: TLanguage): TLanguage {
  return saved && isLanguage(saved) ? saved : fallback;
}

/**
 * The language a mail to `email` is written in (`recipientLanguageSql`), else `fallback` (the
 * language of the request that sends the mail, or the one the applicant submitted in). Never the
 * sender's own language by accident.
 */
export async function recipientLanguage(db: Db | Tx, email: string, fallback: TLanguage): Promise<TLanguage> {
  const [found] = await rows<{ language: string | null }>(
    db,
    sql`select ${LANGUAGE_OF_GIVEN} as language from (select ${email}::text as address) as given`,
  );
  return languageOr(found?.language, fallback);
}
