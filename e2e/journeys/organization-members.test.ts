import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn, uniqueEmail } from '../support/sign-in';

/** SCREENSHOT_DIR set: the members tab is saved at 1280 and 320 px for a person to look at. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

describe('organization members tab', () => {
  const browser = useBrowser();

  it('the demo owner sees the team, invites by keyboard and withdraws the invitation', async () => {
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant);
    await page.goto('/org/list');
    await page.getByRole('link', { name: 'Membri di Cooperativa sociale Il Melo' }).click();
    await page.getByRole('heading', { level: 1, name: 'Membri' }).waitFor();
    expect(await page.title()).toContain('Membri · Cooperativa sociale Il Melo');
    // The demo colleague is the second member, an editor.
    const table = page.getByRole('table');
    await table.getByText('Giulia Verdi').waitFor();
    expect(await page.getByRole('combobox', { name: 'Ruolo di Giulia Verdi' }).inputValue()).toBe('editor');
    await expectAccessible(page, 'members tab');

    // Keyboard only: the address, the role, the button.
    const email = uniqueEmail('invitee');
    await page.getByRole('textbox', { name: 'Indirizzo e-mail' }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const pending = page.getByRole('listitem').filter({ hasText: email });
    await pending.waitFor();
    await expectAccessible(page, 'members tab with an invitation');
    if (SCREENSHOT_DIR) {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/members-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 320, height: 800 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/members-320.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await pending.getByRole('button', { name: `Ritira l'invito di ${email}` }).click();
    await pending.waitFor({ state: 'detached' });
    await context.close();
  });
});
