import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO } from '../support/sign-in';

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

  it('offers the public calls to visitors: an index and a page per call, server-made, titled, accessible', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Vedi i bandi aperti senza accedere' }).click();
    await page.getByRole('heading', { name: 'Bandi aperti', level: 1 }).waitFor();
    expect(await page.title()).toContain('Bandi aperti');
    await expectAccessible(page, 'public calls');
    await page.getByRole('link', { name: 'Comunità che cura 2026' }).click();
    await page.getByRole('heading', { name: 'Comunità che cura 2026', level: 1 }).waitFor();
    expect(await page.title()).toContain('Comunità che cura 2026');
    await page.getByRole('heading', { name: 'Documenti da preparare' }).waitFor();
    await page.setViewportSize({ width: 320, height: 800 });
    await expectAccessible(page, 'public call page at 320 px');
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/public-call.png`, fullPage: true });
    // Readable by keyboard alone: the first link is the way back to the list, then Apply.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Candidati');
    // Read in French, the page leads into the app in French (kept as the visitor's choice).
    await page.getByRole('link', { name: 'Français' }).click();
    await page.getByRole('link', { name: 'Candidater' }).click();
    await page.getByRole('heading', { name: 'Bienvenue sur Impact Calls' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Bienvenue sur Impact Calls' }).waitFor();
    // Signed in, the list shows the call the visitor came to apply to, its heading given the keyboard.
    await page.getByRole('link', { name: 'Se connecter' }).first().click();
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.applicant.email);
    await page.getByLabel(/^(Mot de passe|Password)$/).fill(DEMO.applicant.password);
    await page.getByRole('button', { name: /^(Se connecter|Accedi)$/ }).click();
    await page.waitForURL('**/calls');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Communautés solidaires 2026');
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

  it('links the accessibility statement from the footer: public, titled, in it/en/fr, accessible at 320 px', async () => {
    const { context, page } = await browser.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Benvenuti su Impact Calls' }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Dichiarazione di accessibilità' }).click();
    await page.waitForURL('**/accessibility');
    await page.getByRole('heading', { level: 1, name: 'Dichiarazione di accessibilità' }).waitFor();
    await expect.poll(() => page.title()).toBe('Dichiarazione di accessibilità · Impact Calls');
    // What EN 301 549 asks a statement to say: status, how it is tested, limitations, contact, date.
    for (const name of [
      'Stato di conformità',
      'Come lo verifichiamo',
      'Limiti noti',
      'Segnalazioni e contatti',
      'Data di questa dichiarazione',
    ])
      await page.getByRole('heading', { level: 2, name }).waitFor();
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('WCAG) 2.2, livello AA');
    expect(text).toContain('30 novembre 2026');
    await expectAccessible(page, 'accessibility statement');

    // Read directly, signed out, in the other languages; never wider than a 320 px screen.
    await page.setViewportSize({ width: 320, height: 720 });
    for (const [label, title, date] of [
      ['English', 'Accessibility statement', '30 November 2026'],
      ['Français', 'Déclaration d’accessibilité', '30 novembre 2026'],
    ] as const) {
      await page.goto('/accessibility');
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('combobox', { name: /Lingua|Language|Langue/ }).selectOption({ label }),
      ]);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByRole('main').innerText()).toContain(date);
      expect(await page.getByRole('contentinfo').getByRole('link').innerText()).toBe(title);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      await expectAccessible(page, `accessibility statement (${label}, 320 px)`);
    }
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/accessibility-320.png`, fullPage: true });
    await context.close();
  });
});
