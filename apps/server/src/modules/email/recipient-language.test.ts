import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { idpAccounts, users } from '../../db/schema';
import { recipientLanguage } from './recipient-language';

describe("a recipient's language", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db.insert(users).values([
      { issuer: 'test', subject: 'chiara', email: 'Chiara@Ente.example', language: 'fr' },
      // A value we do not write in counts as none saved: the sign-in account's comes next.
      { issuer: 'test', subject: 'dario', email: 'dario@ente.example', language: 'xx' },
    ]);
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
