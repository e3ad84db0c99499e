import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { CookieJar } from '../../../test/cookie-jar';
import { createVerifiedAccount, signInThroughProvider } from '../../../test/sign-in';
import { emailOutbox, idpAccounts } from '../../db/schema';
import { FREE_FAILED_LOGINS } from './accounts';

const HOST = { host: 'localhost:3000' };

describe('embedded provider pages: register, verify, lockout, reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Opens the provider's interaction for a fresh sign-in; returns its URL and the browser's jar. */
  async function openInteraction(query = '') {
    const jar = new CookieJar();
    const start = jar.store(await t.app.inject({ url: `/api/Auth/Login${query}`, headers: HOST }));
    const authorize = new URL(String(start.headers.location));
    const res = jar.store(
      await t.app.inject({ url: `${authorize.pathname}${authorize.search}`, headers: { ...HOST, ...jar.header() } }),
    );
    return { jar, url: String(res.headers.location) };
  }
  const post = (jar: CookieJar, url: string, form: Record<string, string>) =>
    t.app
      .inject({
        method: 'POST',
        url,
        headers: { ...HOST, ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      })
      .then((r) => jar.store(r));
  const lastMailTo = async (to: string) =>
    (
      await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt))
    )[0];

  it('Register opens the registration form, in the language asked for', async () => {
    const { jar, url } = await openInteraction('?register=true&lang=fr');
    const page = await t.app.inject({ url, headers: { ...HOST, ...jar.header() } });
    expect(page.body).toContain('Créez votre compte');
    expect(page.body).toContain('lang="fr"');
    // The accessibility statement is reachable from every page, these too.
    expect(page.body).toContain('<a href="/accessibility">Déclaration d’accessibilité</a>');
  });

  it('registration validates the form, stores an unverified account and mails a working link', async () => {
    const { jar, url } = await openInteraction('?register=true');
    const bad = await post(jar, `${url}/register`, {
      firstName: '',
      lastName: 'X',
      email: 'nope',
      password: 'short',
      passwordConfirm: 'other',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Campo obbligatorio');
    expect(bad.body).toContain('Indirizzo e-mail non valido');
    expect(bad.body).toContain('La password deve avere almeno 10 caratteri');
    expect(bad.body).not.toContain('value="short"'); // passwords are never echoed back

    const ok = await post(jar, `${url}/register`, {
      firstName: 'Rosa',
      lastName: 'Blu',
      email: 'Rosa@Example.org',
      password: 'a long enough passphrase',
      passwordConfirm: 'a long enough passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Controlla la tua e-mail');
    const [account] = await t.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'rosa@example.org'));
    expect(account?.emailVerifiedAt).toBeNull();
    expect(account?.passwordHash).toMatch(/^scrypt\$/);

    // Unverified: the exact message (Italian here), no session.
    const blocked = await post(jar, `${url}/login`, {
      email: 'rosa@example.org',
      password: 'a long enough passphrase',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body).toContain('Registrazione non verificata');

    const mail = await lastMailTo('rosa@example.org');
    const link = /http:\/\/localhost:3000(\/idp\/verify\?token=[^"&\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const verified = await t.app.inject({ url: String(link), headers: HOST });
    expect(verified.body).toContain('E-mail confermata');
    const again = await t.app.inject({ url: String(link), headers: HOST });
    expect(again.statusCode).toBe(400); // single use

    const flow = await signInThroughProvider(t.app, 'rosa@example.org', 'a long enough passphrase');
    expect(flow.response.statusCode).toBe(200);
  });

  it('registering an address that exists answers the same page and mails its owner instead', async () => {
    await createVerifiedAccount(t.database.db, { email: 'taken@example.org' });
    const { jar, url } = await openInteraction('?register=true');
    const res = await post(jar, `${url}/register`, {
      firstName: 'Mallory',
      lastName: 'M',
      email: 'taken@example.org',
      password: 'a long enough passphrase',
      passwordConfirm: 'a long enough passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Controlla la tua e-mail');
    expect((await lastMailTo('taken@example.org'))?.template).toBe('already-registered');
    const rows = await t.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'taken@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Giulia'); // unchanged
  });

  it(`closes an account for a while after ${FREE_FAILED_LOGINS + 1} wrong passwords, even for the right one`, async () => {
    await createVerifiedAccount(t.database.db, { email: 'target@example.org' });
    for (let i = 0; i <= FREE_FAILED_LOGINS; i++) {
      const attempt = await signInThroughProvider(t.app, 'target@example.org', `wrong password ${i}`);
      expect(attempt.ok).toBe(false);
    }
    // The delays themselves are timed in lockout.test.ts; here a known one, so the page is deterministic.
    await t.database.db
      .update(idpAccounts)
      .set({ lockedUntil: new Date(Date.now() + 90_000) })
      .where(eq(idpAccounts.email, 'target@example.org'));
    const right = await signInThroughProvider(t.app, 'target@example.org', 'correct horse battery');
    expect(right.ok).toBe(false);
    expect(right.response.statusCode).toBe(429);
    expect(Number(right.response.headers['retry-after'])).toBeGreaterThan(80);
    expect(right.response.body).toContain('bloccato per 2 minuti');
  });

  it('password reset: same answer for unknown addresses, single-use link, new password works and unlocks', async () => {
    await createVerifiedAccount(t.database.db, { email: 'forgetful@example.org' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/idp/forgot?lang=it',
      headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ghost%40example.org',
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/idp/forgot?lang=it',
      headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=forgetful%40example.org',
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const strip = (s: string) => s.replace(/ghost|forgetful/g, '');
    expect(strip(unknown.body)).toBe(strip(known.body));

    // Signed in before the reset (perhaps by someone who stole the password)...
    const before = await signInThroughProvider(t.app, 'forgetful@example.org', 'correct horse battery');
    expect(before.response.statusCode).toBe(200);
    const stolenRefresh = before.jar.get('ic_refresh');

    const mail = await lastMailTo('forgetful@example.org');
    const token = /reset\?token=([^&\s"]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const form = await t.app.inject({ url: `/idp/reset?token=${token}`, headers: HOST });
    expect(form.statusCode).toBe(200);
    const submit = (password: string, confirm = password) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/reset?lang=it',
        headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, password, passwordConfirm: confirm }).toString(),
      });
    expect((await submit('a brand new passphrase', 'different')).statusCode).toBe(400);
    expect((await submit('a brand new passphrase')).statusCode).toBe(200);
    // ...that session is over once the password is reset.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/Jwt/refresh',
      headers: { cookie: `ic_refresh=${stolenRefresh}` },
    });
    expect(reuse.statusCode).toBe(401);
    expect((await submit('yet another passphrase')).statusCode).toBe(400); // spent
    expect(
      (await signInThroughProvider(t.app, 'forgetful@example.org', 'a brand new passphrase')).response.statusCode,
    ).toBe(200);
    expect((await signInThroughProvider(t.app, 'forgetful@example.org', 'correct horse battery')).ok).toBe(false);
  });

  // Last: it spends this test address's sign-in budget.
  it('limits sign-in attempts per address', async () => {
    const { jar, url } = await openInteraction();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push(
        (await post(jar, `${url}/login`, { email: `nobody${i}@example.org`, password: 'whatever-pass' })).statusCode,
      );
    }
    expect(codes).toContain(429);
  });

  it('an expired or forged interaction shows the restart page', async () => {
    const res = await t.app.inject({ url: '/idp/interaction/not-a-real-uid', headers: HOST });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ricomincia');
  });
});
