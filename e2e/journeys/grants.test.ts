import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';
import { submittedApplication } from '../support/submitted-application';

/** SHOT_DIR=/some/dir keeps pictures of the screens for a person to look at. */
const shot = async (page: Page, name: string) =>
  process.env.SHOT_DIR && (await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png`, fullPage: true }));

/**
 * After the award (docs/decisions/0043): an accepted decision (recorded through the API) made a
 * grant; the admin sets its terms and sends the award letter from the call editor; the applicant
 * finds the mail, reads the letter's PDF and accepts by full name with the conditions ticked; the
 * admin then plans a tranche, payable on acceptance, and records its payment.
 */
describe('a grant after the award', () => {
  const browser = useBrowser();

  it('the admin sends the award letter; the grantee reads it and accepts', async () => {
    const suffix = Date.now().toString(36);
    const callName = `Bando Futuro ${suffix}`;
    const orgName = `Associazione Semi ${suffix}`;
    const { admin, call, submission } = await submittedApplication(browser.baseUrl, {
      callName,
      description: '<p>Un bando per il futuro.</p>',
      orgName,
      contactEmail: DEMO.applicant.email,
      steps: [{ name: 'Il progetto', question: 'In breve.', answer: 'Semi antichi nelle scuole.' }],
    });
    await admin('Review/RecordDecisions', 'POST', {
      callId: call.id,
      items: [{ submissionId: submission.id, outcome: 'accepted', message: '' }],
    });

    // The admin: the call editor's Grants tab, the terms, the letter sent after a confirmation.
    const adminPage = await browser.newPage();
    await signIn(adminPage.page, DEMO.admin);
    const a = adminPage.page;
    await a.goto(`/admin/calls/${call.id}`);
    await a.getByRole('tab', { name: 'Contributi' }).click();
    await a.getByRole('button', { name: `Modifica condizioni: ${orgName}` }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel('Importo assegnato (€)').fill('36000');
    await dialog.getByLabel('Data di inizio').fill('2027-02-01');
    await dialog.getByLabel('Data di fine').fill('2028-01-31');
    await dialog.getByLabel('Condizioni').fill('Una relazione finale entro febbraio 2028.');
    await expectAccessible(a, 'grant terms dialog');
    await dialog.getByRole('button', { name: 'Salva condizioni' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await a.getByRole('cell', { name: /36\.000,00/ }).waitFor();
    await a.getByRole('button', { name: `Invia lettera di assegnazione: ${orgName}` }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Invia lettera di assegnazione' }).click();
    await a.getByText('In attesa di accettazione').waitFor();
    await expectAccessible(a, 'grants tab');
    await shot(a, 'grants-tab');
    await adminPage.context.close();

    // The grantee: the mail, the grants page, the letter's PDF, the acceptance.
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, '/dev/outbox');
    await page
      .locator('article.mail', { hasText: `To: ${DEMO.applicant.email}` })
      .filter({ hasText: `Lettera di assegnazione: ${callName}` })
      .first()
      .waitFor();
    // Reached from the side panel, beside the calls.
    await page.goto('/calls');
    await page.getByRole('navigation', { name: 'Navigazione' }).getByRole('link', { name: 'Contributi' }).click();
    await page.getByRole('heading', { name: 'Contributi', level: 1 }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Contributi/);
    await page.getByRole('link', { name: callName }).click();
    await page.getByRole('heading', { name: `Contributo: ${callName}` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Leggi la lettera di assegnazione (PDF)' }).click(),
    ]);
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page, 'grant page');
    await shot(page, 'grant-page');
    // Checked in the page, in its language, before anything is sent (not the browser's own bubble).
    await page.getByRole('button', { name: 'Accetta il contributo' }).click();
    await page.getByText('Scrivi nome e cognome per accettare.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name');
    await page.getByText('Spunta le condizioni per accettare il contributo.').waitFor();
    await page.getByLabel('Nome e cognome').fill('Marco Bianchi');
    await page.getByRole('button', { name: 'Accetta il contributo' }).click();
    await page.getByText('Spunta le condizioni per accettare il contributo.').waitFor();
    await page.getByLabel('Ho letto le condizioni e l’organizzazione si impegna a rispettarle').check();
    await page.getByRole('button', { name: 'Accetta il contributo' }).click();
    await page.getByText(/^Accettato da Marco Bianchi il/).waitFor();
    // The keyboard is on the confirmation that replaced the forms, not back at the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^AccettatoAccettato da Marco Bianchi il/);
    await shot(page, 'grant-accepted');
    await context.close();

    // The admin again: a tranche on acceptance is payable at once, marked paid with its reference.
    const again = await browser.newPage();
    await signIn(again.page, DEMO.admin);
    const b = again.page;
    await b.goto(`/admin/calls/${call.id}`);
    await b.getByRole('tab', { name: 'Contributi' }).click();
    await b.getByRole('button', { name: `Tranche: ${orgName}` }).click();
    const tranches = b.getByRole('dialog');
    await tranches.getByRole('button', { name: 'Aggiungi una tranche' }).click();
    await tranches.getByLabel('Tranche 1: importo (€)').fill('36000');
    await tranches.getByRole('button', { name: 'Salva tranche' }).click();
    await tranches.getByText('Pagabile', { exact: true }).waitFor();
    // Said, not only shown in the table above the form.
    await b.getByText('Tranche salvate.').waitFor();
    await expectAccessible(b, 'tranches dialog');
    await shot(b, 'grant-tranches');
    // Paid from the grant's own page, where the funder follows it.
    await b.keyboard.press('Escape');
    await tranches.waitFor({ state: 'hidden' });
    await b.getByRole('link', { name: orgName }).click();
    await b.getByRole('heading', { name: `Contributo: ${callName}` }).waitFor();
    await b.getByRole('button', { name: 'Segna come pagata la tranche 1' }).click();
    // Without a reference: said on the field, which takes the keyboard.
    await b.getByRole('button', { name: 'Registra il pagamento' }).click();
    await b.getByText('Indica il riferimento del pagamento.').waitFor();
    await expect.poll(() => b.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await b.getByLabel('Riferimento del pagamento').fill('CRO 12345');
    await b.getByRole('button', { name: 'Registra il pagamento' }).click();
    await b.getByText(/Pagata il .*, rif\. CRO 12345/).waitFor();
    await expectAccessible(b, 'grant page, admin');
    // Back to the call's grants, where the admin came from (their own list of grants is empty).
    await b.getByRole('link', { name: '← I contributi del bando' }).click();
    await b.getByRole('tab', { name: 'Contributi', selected: true }).waitFor();
    await again.context.close();
  });
});
