import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';

describe('welcome page', () => {
  const browser = useBrowser();

  it('renders in Italian, switches to English, and remembers the choice across a reload', async () => {
    const { context, page } = await browser.newPage({ locale: 'en-US' });
    await page.goto('/');
    // Italian is the default whatever the browser prefers (SPEC 1).
    await page.getByRole('heading', { name: 'Benvenuti su Impact Calls' }).waitFor();
    expect(await page.getByRole('link', { name: 'Accedi' }).count()).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    await expectAccessible(page, 'welcome');

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Lingua' }).selectOption({ label: 'English' }),
    ]);
    await page.getByRole('heading', { name: 'Welcome to Impact Calls' }).waitFor();
    expect(await page.getByRole('link', { name: 'Register' }).count()).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Impact Calls' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('shows a proper not-found page for an unknown route', async () => {
    const { context, page } = await browser.newPage();
    const response = await page.goto('/questa/pagina/non/esiste');
    expect(response?.status()).toBe(200); // the app shell answers; the router shows 404
    await page.getByRole('heading', { name: 'Pagina non trovata' }).waitFor();
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await page.getByRole('heading', { name: 'Benvenuti su Impact Calls' }).waitFor();
    await context.close();
  });
});
