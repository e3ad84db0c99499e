import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

describe('sign-in', () => {
  const browser = useBrowser();

  it('registers, verifies the e-mail from the outbox, signs in, lands on /calls with the name shown, signs out', async () => {
    const { context, page } = await browser.newPage();
    const person = {
      firstName: 'Lucia',
      lastName: 'Verdi',
      email: uniqueEmail('lucia'),
      password: 'una frase lunga e sicura',
    };
    await registerAndVerify(page, person);
    await expectAccessible(page, 'e-mail confirmed (provider page)');
    await page.getByRole('link', { name: 'Accedi' }).click();
    await page.getByLabel('E-mail', { exact: true }).waitFor();
    await expectAccessible(page, 'sign-in (provider page)');
    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/calls');
    await expect.poll(() => page.getByTestId('user-name').textContent()).toBe('Lucia Verdi');
    expect(await page.getByTestId('user-menu').textContent()).toContain('LV');
    // The user menu is named by the name it shows (WCAG 2.5.3), the page has its own title.
    await page.getByRole('button', { name: 'Lucia Verdi' }).waitFor();
    await expect.poll(() => page.title()).toBe('Bandi · Impact Calls');
    await expectAccessible(page, 'calls, new user');

    // A reload keeps the session (silent renewal from the HttpOnly cookie).
    await page.reload();
    await page.getByTestId('user-name').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Benvenuti su Impact Calls' }).waitFor();
    await expectAccessible(page, 'welcome');
    // The session is really gone: /calls sends an anonymous visitor home.
    await page.goto('/calls');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('an unverified account sees the exact message and can ask for the mail again', async () => {
    const { context, page } = await browser.newPage();
    const email = uniqueEmail('unverified');
    await page.goto('/');
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Lingua' }).selectOption({ label: 'English' }),
    ]);
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.getByLabel('First name', { exact: true }).fill('Paolo');
    await page.getByLabel('Last name', { exact: true }).fill('Neri');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('another long passphrase');
    await page.getByLabel('Repeat the password', { exact: true }).fill('another long passphrase');
    // The form with its password hint (once 3.3:1).
    await expectAccessible(page, 'registration form (provider page, English)');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('link', { name: 'Back to log in' }).waitFor();
    await expectAccessible(page, 'check your e-mail (provider page, English)');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('another long passphrase');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Registration Not Verified. Check your email to complete the registration process.').waitFor();
    await page.getByRole('button', { name: 'Send the confirmation e-mail again' }).click();
    await page.getByRole('status').waitFor();
    await expectAccessible(page, 'sign-in refused: not verified (provider page)');
    await context.close();
  });

  it('an applicant opening /admin is sent to /calls via /; the admin sees the admin panel link', async () => {
    const applicant = await browser.newPage();
    await signIn(applicant.page, DEMO.applicant);
    await applicant.page.getByTestId('user-menu').click();
    expect(await applicant.page.getByRole('menuitem', { name: 'Pannello di amministrazione' }).count()).toBe(0);
    await applicant.page.goto('/admin');
    await applicant.page.waitForURL((url) => url.pathname !== '/admin');
    await applicant.context.close();

    const admin = await browser.newPage();
    await signIn(admin.page, DEMO.admin);
    await admin.page.getByTestId('user-menu').click();
    await admin.page.getByRole('menuitem', { name: 'Pannello di amministrazione' }).click();
    await admin.page.waitForURL('**/admin');
    await admin.context.close();
  });

  it('a tampered access token or a dead refresh cookie sends the user back to /', async () => {
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant);
    // Every API call now carries a forged token: the server answers 401 and the app gives up the session.
    await page.route('**/api/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer forged.token.value' } }),
    );
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.unroute('**/api/**');

    // The refresh cookie itself was never touched, so the session comes back...
    await page.goto('/calls');
    await page.getByTestId('user-name').waitFor();
    // ...until it is replaced by a token the server does not know.
    // Same name, domain and path: it replaces the real refresh cookie.
    await context.addCookies([
      { name: 'ic_refresh', value: 'stolen-or-expired', domain: 'localhost', path: '/api/Jwt' },
    ]);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Accedi' }).first().waitFor();
    await context.close();
  });
});
