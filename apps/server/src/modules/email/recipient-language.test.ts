import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { idpAccounts, users } from '../../db/schema';
import { recipientLanguage } from './recipient-language';

describe("a recipient's language", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db
      .insert(users)
      .values({ issuer: 'test', subject: 'chiara', email: 'Chiara@Ente.example', language: 'fr' });
    // A value we do not write in (an older version's, a hand-made row) counts as none saved: the
    // sign-in account's comes next. Written in SQL: the schema's type would not let the code write it.
    await t.database.db.execute(
      sql`insert into users (issuer, subject, email, language) values ('test', 'dario', 'dario@ente.example', 'xx')`,
    );
    await t.database.db
      .insert(idpAccounts)
      .values({ email: 'dario@ente.example', firstName: 'Dario', lastName: 'Neri', passwordHash: 'x', language: 'en' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is found whatever the case and the blanks around the address, as JavaScript trims them', async () => {
    expect(await recipientLanguage(t.database.db, '\tchiara@ENTE.example\n', 'it')).toBe('fr');
  });

  it("skips a saved value that is not one of ours, and falls back to the request's when none is known", async () => {
    expect(await recipientLanguage(t.database.db, 'dario@ente.example', 'it')).toBe('en');
    expect(await recipientLanguage(t.database.db, 'nessuno@ente.example', 'fr')).toBe('fr');
  });
});
