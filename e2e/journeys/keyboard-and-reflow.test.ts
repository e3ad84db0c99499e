import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Presses Tab (or Shift+Tab) until the element has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`could not reach ${target} with the keyboard in ${max} presses`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** WCAG 1.4.10: the page never scrolls sideways. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * WCAG 1.4.10 and 2.4.11 where the page's width says nothing: a control of a fixed bar (the header)
 * that sticks out past the window is cut off, and its focus unseen. Lists the controls whose box
 * ends past the window's right edge, outside any box that scrolls them into view.
 */
const controlsCutOff = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.right <= window.innerWidth + 1) return false;
        for (let up = el.parentElement; up; up = up.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return false;
        }
        return true;
      })
      .map((el) => el.innerText.trim() || el.getAttribute('aria-label') || el.tagName),
  );

/**
 * WCAG 1.4.4: text that the page cuts with an ellipsis is text a reader at 200 % loses. Lists what is
 * clipped (text-overflow: ellipsis and wider than its box), so a failure names it.
 */
const clippedTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        return style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1 && el.innerText.trim() !== '';
      })
      .map((el) => el.innerText.trim()),
  );

/**
 * Text at 200 %, as the browser's font-size setting makes it (16 px → 32 px): rem sizes and the em
 * breakpoints of the layout both follow it, as they do for a reader who set it.
 */
async function textAt200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
}

describe('keyboard only and narrow screens (WCAG 2.1.1, 1.4.10, 1.4.4)', () => {
  const browser = useBrowser();

  it('signs in, registers an organization, answers a text step, uploads a file and submits without a mouse', async () => {
    const callName = `Bando Tastiera ${Date.now().toString(36)}`;
    await createCallWithTextAndUpload(browser.baseUrl, callName);
    // The demo applicant (the provider allows only a few sign-ups per address and quarter hour,
    // and the other journeys use them): signs in, then registers a second organization.
    const { context, page } = await browser.newPage();
    await page.goto('/');
    await tabTo(page, page.getByRole('link', { name: 'Accedi' }).first());
    await page.keyboard.press('Enter');
    await typeInto(page, page.getByLabel('E-mail', { exact: true }), DEMO.applicant.email);
    await typeInto(page, page.getByLabel('Password', { exact: true }), DEMO.applicant.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/calls');

    await page.goto('/register-org');
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await typeInto(page, field("Nome dell'organizzazione"), 'Associazione Tastiera');
    await typeInto(page, field('Partita IVA o codice fiscale'), '01234567890');
    await typeInto(page, field('Indirizzo (via e numero civico)'), 'Via Dante 3');
    await typeInto(page, field('Città'), 'Genova');
    await typeInto(page, page.getByRole('combobox', { name: 'Paese', exact: true }), 'Italia');
    await page.getByRole('option', { name: 'Italia', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: 'Paese', exact: true }).inputValue()).toBe('Italia');
    await typeInto(page, field('Nome'), 'Marco');
    await typeInto(page, field('Cognome'), 'Bianchi');
    await typeInto(page, field("Ruolo nell'organizzazione"), 'Presidente');
    await typeInto(page, field('E-mail'), 'marco@example.org');
    await tabTo(page, page.getByRole('checkbox', { name: /Acconsento/ }));
    await page.keyboard.press('Space');
    const register = page.getByRole('main').getByRole('button', { name: 'Registra organizzazione' });
    await expect.poll(() => register.isEnabled()).toBe(true);
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/org/list');
    await page.getByRole('article', { name: 'Associazione Tastiera' }).waitFor();
    // After the navigation, focus is on the page heading (announced by screen readers).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // Back to the calls through the side panel's link.
    await tabTo(page, page.getByRole('navigation', { name: 'Navigazione' }).getByRole('link', { name: 'Bandi' }), {
      back: true,
    });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/calls');
    const card = page.getByTestId('call-card').filter({ hasText: callName });

    // The wizard: the text step, then Next.
    await tabTo(page, card.getByRole('button', { name: 'Candidati' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/call\/[0-9a-f-]{36}\/0\/0$/);
    await typeInto(page, page.getByTestId('text-answer'), 'Laboratori serali per adulti, scritti da tastiera.');
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Avanti' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/1\/0$/);
    // Focus moved to the new step's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Documenti');

    // The upload: Enter on the button opens the file chooser.
    const slot = page.getByTestId('slot-Budget');
    const choose = slot.getByRole('button', { name: 'Scegli il file' });
    // Enter (or Space, as some browsers only activate on it) on the focused button opens the chooser.
    // Focus is taken again right before each key: the slot re-renders when its attachments arrive,
    // and on a loaded machine that can come after the first Tab reached the button.
    const pressFor = async (key: string) => {
      await tabTo(page, choose);
      const chooser = page.waitForEvent('filechooser', { timeout: 8_000 }).catch(() => null);
      await page.keyboard.press(key);
      return chooser;
    };
    // A re-render on a busy machine can swallow one key: each key gets a second chance.
    const chooser =
      (await pressFor('Enter')) ?? (await pressFor('Space')) ?? (await pressFor('Enter')) ?? (await pressFor('Space'));
    if (!chooser) throw new Error('neither Enter nor Space on "Scegli il file" opened the file chooser');
    await chooser.setFiles({ name: 'Budget-Tastiera.pdf', mimeType: 'application/pdf', buffer: PDF });
    // Uploaded names keep their case.
    await expect.poll(() => slot.getByTestId('uploaded-file-name').innerText()).toBe('Budget-Tastiera.pdf');
    await expectAccessible(page, 'upload step, keyboard');

    // Submit, confirm in the dialog, all by keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Invia la candidatura' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Sì, invia' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor();
    await context.close();
  });

  it('at 320 px the wizard and the admin calls tab do not scroll sideways', async () => {
    if (process.env.SHOT_DIR) fs.mkdirSync(process.env.SHOT_DIR, { recursive: true });
    // The demo applicant's seeded, half-filled submission (first run).
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    const orgs = await me<Array<{ id: string; name: string }>>('Organization/GetOrganizations');
    const melo = orgs.find((o) => o.name === 'Cooperativa sociale Il Melo');
    const calls = await me<Array<{ id: string; name: string }> | { items: Array<{ id: string; name: string }> }>(
      'Call/GetCallListUser',
    );
    const community = (Array.isArray(calls) ? calls : calls.items).find((c) => c.name === 'Comunità che cura 2026');
    expect(melo && community).toBeTruthy();
    const submission = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: community?.id,
      organizationId: melo?.id,
    });

    const applicant = await browser.newPage();
    await applicant.page.setViewportSize({ width: 320, height: 720 });
    // Signed out, the header holds the logo, the language and signing in, none of them cut off.
    await applicant.page.goto('/');
    await applicant.page.getByRole('link', { name: 'Accedi' }).first().waitFor();
    expect(await controlsCutOff(applicant.page)).toEqual([]);
    await signIn(applicant.page, DEMO.applicant, `/call/${submission.id}/0/0`);
    await expect.poll(() => applicant.page.getByTestId('text-answer').inputValue()).toContain('rete di vicinato');
    await applicant.page.getByTestId('text-answer').waitFor();
    expect(await horizontalOverflow(applicant.page)).toBeLessThanOrEqual(0);
    await expectAccessible(applicant.page, 'wizard at 320 px');
    if (process.env.SHOT_DIR)
      await applicant.page.screenshot({ path: path.join(process.env.SHOT_DIR, 'wizard-320.png'), fullPage: true });
    // The budget step: at this width its totals are cards (the wide table is not drawn).
    await applicant.page.goto(`/call/${submission.id}/4/0`);
    await applicant.page.getByTestId('budget-headline').waitFor();
    expect(await applicant.page.getByTestId('budget-totals').count()).toBe(0);
    expect(await horizontalOverflow(applicant.page)).toBeLessThanOrEqual(0);
    // A line's table too (its hidden "Actions" header widened the page once a line was there).
    await applicant.page
      .getByRole('button', { name: /^Aggiungi una voce in / })
      .first()
      .click();
    await applicant.page
      .getByRole('textbox', { name: /^Descrizione · voce 1 di / })
      .first()
      .waitFor();
    expect(await horizontalOverflow(applicant.page)).toBeLessThanOrEqual(0);
    await applicant.page
      .getByRole('button', { name: /^Elimina voce 1 di / })
      .first()
      .click();
    expect(await controlsCutOff(applicant.page)).toEqual([]);
    // The grants list and a grant's page (at this width its tranches and reports are cards).
    await applicant.page.goto('/grants');
    await applicant.page.getByRole('link', { name: 'Orti in città 2025' }).click();
    await applicant.page.getByRole('heading', { name: 'Contributo: Orti in città 2025' }).waitFor();
    expect(await horizontalOverflow(applicant.page)).toBeLessThanOrEqual(0);
    await expectAccessible(applicant.page, 'grant page at 320 px');
    // The grant's tranches are cards; the side panel, folded away, is off the keyboard's path
    // until the menu button opens it.
    await applicant.page.getByRole('list', { name: 'Tranche' }).waitFor();
    const sidePanelInert = () =>
      applicant.page
        .locator('nav')
        .first()
        .evaluate((nav) => (nav as HTMLElement).inert);
    expect(await sidePanelInert()).toBe(true);
    const menuButton = applicant.page.getByRole('button', { name: 'Apri o chiudi il menu laterale' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    expect(await sidePanelInert()).toBe(false);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // Opened, it takes the keyboard (it lies over the page); Escape closes it again, as a menu,
    // and the keyboard is back on the button.
    await expect
      .poll(() =>
        applicant.page
          .locator('nav')
          .first()
          .evaluate((nav) => nav.contains(document.activeElement)),
      )
      .toBe(true);
    // The page behind it is out of the keyboard's path: Tab stays in the panel.
    const mainInert = () => applicant.page.locator('main').evaluate((main) => (main as HTMLElement).inert);
    expect(await mainInert()).toBe(true);
    await applicant.page.keyboard.press('Escape');
    await expect.poll(sidePanelInert).toBe(true);
    expect(await mainInert()).toBe(false);
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await applicant.page.goto('/grants');
    // At this width each grant is a card, its status in view (it was a column off the edge).
    await applicant.page
      .getByRole('list', { name: 'Contributi' })
      .getByRole('link', { name: 'Orti in città 2025' })
      .waitFor();
    expect(await horizontalOverflow(applicant.page)).toBeLessThanOrEqual(0);
    // The organization's members are cards too: each role's choice and Remove whole.
    await applicant.page.goto('/org/list');
    const members = applicant.page.locator('a[href^="/org/members/"]').first();
    await applicant.page.goto((await members.getAttribute('href')) ?? '/org/list');
    await applicant.page.getByRole('list', { name: 'Membri' }).waitFor();
    expect(await controlsCutOff(applicant.page)).toEqual([]);
    await expectAccessible(applicant.page, 'members at 320 px');
    await applicant.context.close();

    const admin = await browser.newPage();
    await admin.page.setViewportSize({ width: 320, height: 720 });
    await signIn(admin.page, DEMO.admin, '/admin?tab=calls');
    await admin.page.getByTestId('call-row').first().waitFor();
    expect(await horizontalOverflow(admin.page)).toBeLessThanOrEqual(0);
    await expectAccessible(admin.page, 'admin calls tab at 320 px');
    if (process.env.SHOT_DIR)
      await admin.page.screenshot({ path: path.join(process.env.SHOT_DIR, 'admin-calls-320.png'), fullPage: true });
    await admin.page.goto('/admin?tab=portfolio');
    await admin.page.getByRole('region', { name: 'Tutti i contributi' }).waitFor();
    expect(await horizontalOverflow(admin.page)).toBeLessThanOrEqual(0);
    await expectAccessible(admin.page, 'portfolio at 320 px');
    // The submissions table scrolls in its own box; hidden header texts must not widen the page.
    await admin.page.goto('/admin?tab=submissions');
    await admin.page.getByTestId('submission-row').first().waitFor();
    expect(await horizontalOverflow(admin.page)).toBeLessThanOrEqual(0);
    await admin.context.close();
  });

  it('with text at 200 % the calls, the wizard, the organizations and the admin calls tab stay whole', async () => {
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    const orgs = await me<Array<{ id: string; name: string }>>('Organization/GetOrganizations');
    const melo = orgs.find((o) => o.name === 'Cooperativa sociale Il Melo');
    const calls = await me<Array<{ id: string; name: string }> | { items: Array<{ id: string; name: string }> }>(
      'Call/GetCallListUser',
    );
    const community = (Array.isArray(calls) ? calls : calls.items).find((c) => c.name === 'Comunità che cura 2026');
    const submission = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: community?.id,
      organizationId: melo?.id,
    });

    const applicant = await browser.newPage();
    await applicant.page.setViewportSize({ width: 1280, height: 800 });
    await textAt200(applicant.page);
    await signIn(applicant.page, DEMO.applicant);
    const check = async (page: Page, name: string) => {
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
      expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await clippedTexts(page), `${name} cuts text`).toEqual([]);
      if (process.env.SHOT_DIR) await page.screenshot({ path: path.join(process.env.SHOT_DIR, `${name}-200.png`) });
    };
    await applicant.page.goto('/calls');
    await applicant.page.getByRole('heading', { name: 'Comunità che cura 2026' }).waitFor();
    await check(applicant.page, 'calls');
    await applicant.page.goto(`/call/${submission.id}/0/0`);
    await applicant.page.getByTestId('text-answer').waitFor();
    await check(applicant.page, 'wizard');
    await applicant.page.goto('/org/list');
    await applicant.page.getByRole('article', { name: 'Cooperativa sociale Il Melo' }).waitFor();
    await check(applicant.page, 'organizations');
    await applicant.context.close();

    const admin = await browser.newPage();
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await textAt200(admin.page);
    await signIn(admin.page, DEMO.admin, '/admin?tab=calls');
    await admin.page.getByTestId('call-row').first().waitFor();
    await check(admin.page, 'admin-calls');
    await admin.context.close();
  });
});
