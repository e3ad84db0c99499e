import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload, createOrganizationAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { chooseOrganization, organizationSelector, selectedOrganization } from '../support/organization-selector';
import { DEMO, signIn, uniqueEmail } from '../support/sign-in';

/** SHOT_DIR set: the members tab and the team's panels are saved for a person to look at. */
const SHOT_DIR = process.env.SHOT_DIR;

describe('a team: the members tab, and two members on one application', () => {
  const browser = useBrowser();

  it('the demo owner sees the team, invites by keyboard and withdraws the invitation', async () => {
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, '/org/list');
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
    if (SHOT_DIR) {
      await page.screenshot({ path: `${SHOT_DIR}/members-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 320, height: 800 });
      await page.screenshot({ path: `${SHOT_DIR}/members-320.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await pending.getByRole('button', { name: `Ritira l'invito di ${email}` }).click();
    await pending.waitFor({ state: 'detached' });
    // The keyboard user's place: the invitations' heading, not the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('invitations-title');
    await context.close();
  });

  it('two members on one application see each other, meet a stale write with both texts, read the history and comment', async () => {
    const { callId } = await createCallWithTextAndUpload(browser.baseUrl, `Bando Squadra ${Date.now().toString(36)}`);
    const owner = await apiAs(browser.baseUrl, DEMO.applicant);
    const orgs = await owner<Array<{ id: string; name: string }>>('Organization/GetOrganizations');
    const orgId = orgs.find((o) => o.name === 'Cooperativa sociale Il Melo')?.id;
    const submission = await owner<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId,
      organizationId: orgId,
    });
    const wizard = `/call/${submission.id}/0/0`;
    const saved = '[data-testid="save-status"][data-status="saved"]';

    // Marco writes a first draft alone, working for another of his organizations until he opens it:
    // then the side panel names the application's.
    const marco = await browser.newPage();
    await signIn(marco.page, DEMO.applicant);
    const other = `Altra associazione ${Date.now().toString(36)}`;
    await createOrganizationAs(owner, other);
    await marco.page.goto('/calls');
    await chooseOrganization(marco.page, other);
    await marco.page.goto(wizard);
    await expect.poll(() => selectedOrganization(organizationSelector(marco.page))).toBe('Cooperativa sociale Il Melo');
    await marco.page.getByTestId('text-answer').fill('Prima bozza di Marco');
    await marco.page.locator(saved).waitFor();

    // Giulia opens the same application: each sees the other.
    const giulia = await browser.newPage();
    await signIn(giulia.page, DEMO.colleague, wizard);
    await expect.poll(() => giulia.page.getByTestId('text-answer').inputValue()).toBe('Prima bozza di Marco');
    await giulia.page
      .getByTestId('presence-bar')
      .getByRole('list')
      .getByText('Marco Bianchi', { exact: true })
      .waitFor();
    await marco.page.getByTestId('presence-bar').getByRole('list').getByText('Giulia Verdi', { exact: true }).waitFor();
    await expectAccessible(marco.page, 'wizard with a colleague present');

    // Giulia saves a newer text: Marco, who typed nothing meanwhile, reads it on his page at once.
    await giulia.page.getByTestId('text-answer').fill('Bozza di Giulia');
    await giulia.page.locator(saved).waitFor();
    await expect.poll(() => marco.page.getByTestId('text-answer').inputValue()).toBe('Bozza di Giulia');
    await marco.page
      .getByTestId('saved-by')
      .getByText(/Giulia Verdi/)
      .waitFor();

    // Marco writes while his connection is down, and Giulia saves again: back online, his save
    // meets hers, and he is shown both texts and takes hers.
    await marco.page.context().setOffline(true);
    await marco.page.getByTestId('text-answer').fill('Testo di Marco');
    await giulia.page.getByTestId('text-answer').fill('Testo di Giulia');
    await giulia.page.locator(saved).waitFor();
    await marco.page.context().setOffline(false);
    const banner = marco.page.getByTestId('conflict-banner');
    await banner.getByText(/Giulia Verdi ha salvato una versione più recente/).waitFor();
    await banner.getByTestId('conflict-compare').getByText('Testo di Giulia').waitFor();
    await banner.getByTestId('conflict-compare').getByText('Testo di Marco').waitFor();
    await expectAccessible(marco.page, 'conflict with both texts');
    if (SHOT_DIR) await marco.page.screenshot({ path: `${SHOT_DIR}/team-conflict.png`, fullPage: true });
    await banner.getByRole('button', { name: 'Carica la versione più recente' }).click();
    await expect.poll(() => marco.page.getByTestId('text-answer').inputValue()).toBe('Testo di Giulia');

    // The step's history names both authors.
    await marco.page.getByRole('button', { name: 'Cronologia' }).click();
    const history = marco.page.getByRole('dialog');
    await history.getByText('Giulia Verdi').first().waitFor();
    await history.getByText('Marco Bianchi').first().waitFor();
    await expectAccessible(marco.page, 'step history');
    if (SHOT_DIR) await marco.page.screenshot({ path: `${SHOT_DIR}/team-history.png` });
    await marco.page.keyboard.press('Escape');

    // Giulia leaves a comment; Marco's step menu counts it once he reloads.
    await giulia.page.getByRole('button', { name: 'Commenti' }).click();
    const comments = giulia.page.getByRole('dialog');
    await comments.getByRole('textbox', { name: 'Commento' }).fill('Marco, controlla le cifre del budget.');
    await comments.getByRole('button', { name: 'Aggiungi commento' }).click();
    await comments.getByText('Marco, controlla le cifre del budget.').waitFor();
    await expectAccessible(giulia.page, 'comments');
    if (SHOT_DIR) await giulia.page.screenshot({ path: `${SHOT_DIR}/team-comments.png` });
    await marco.page.reload();
    await marco.page.getByText('1 commento aperto').first().waitFor();

    // Marco writes to the funder; Giulia, a member too, reads it as the team's own message.
    await marco.page.getByRole('button', { name: 'Messaggi' }).click();
    const conversation = marco.page.getByRole('dialog');
    await conversation.getByText('Ancora nessun messaggio.').waitFor();
    await conversation.getByRole('textbox', { name: 'Il tuo messaggio' }).fill('Possiamo allegare il bilancio 2025?');
    await conversation.getByRole('button', { name: 'Invia il messaggio' }).click();
    await conversation.getByRole('listitem').filter({ hasText: 'Possiamo allegare il bilancio 2025?' }).waitFor();
    // The button is disabled once the box is empty: the focus goes back to the box, not behind the drawer.
    const box = conversation.getByRole('textbox', { name: 'Il tuo messaggio' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(marco.page, 'conversation');
    if (SHOT_DIR) await marco.page.screenshot({ path: `${SHOT_DIR}/conversation.png` });
    await giulia.page.keyboard.press('Escape');
    await giulia.page.getByRole('button', { name: 'Messaggi' }).click();
    await giulia.page.getByRole('dialog').getByText('Possiamo allegare il bilancio 2025?').waitFor();
    await giulia.page.getByRole('dialog').getByText('Marco Bianchi · La tua organizzazione').waitFor();
    // Back on the list, which of her two organizations the cards are for is said: the application's.
    await giulia.page.goto('/calls');
    await expect
      .poll(() => giulia.page.getByTestId('applying-as').textContent())
      .toContain('a nome di Cooperativa sociale Il Melo');
    await giulia.context.close();
    await marco.context.close();
  });
});
