import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { chooseOrganization } from '../support/organization-selector';
import { DEMO, signIn } from '../support/sign-in';
import { submittedApplication } from '../support/submitted-application';

/** SHOT_DIR=/some/dir keeps pictures of the screens for a person to look at. */
const shot = async (page: Page, name: string) =>
  process.env.SHOT_DIR && (await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png`, fullPage: true }));

async function downloadPdf(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('questions_answers.pdf');
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/**
 * A call in two stages (docs/decisions/0034): stage 1 sent (set up through the API), the admin
 * invites from the submissions tab after reading the mail in each language, the applicant finds the
 * mail, completes stage 2 beside its stage-1 answer shown read-only, and downloads both PDFs.
 */
describe('a call in two stages', () => {
  const browser = useBrowser();

  it('invites to stage 2 from the submissions tab; the applicant completes it and downloads both PDFs', async () => {
    const suffix = Date.now().toString(36);
    const callName = `Bando in due fasi ${suffix}`;
    const orgName = `Associazione Due Passi ${suffix}`;
    // Stage 1, sent by the demo applicant through the API: the journey is what follows.
    await submittedApplication(browser.baseUrl, {
      callName,
      description: '<p>Prima fase breve, poi su invito.</p>',
      orgName,
      contactEmail: `contatto-${suffix}@due-passi.example`,
      steps: [
        { name: "L'idea", question: 'In breve.', answer: 'Un orto condiviso in ogni cortile.' },
        { name: 'Il progetto completo', question: 'Tutto.', stage: 2 },
      ],
    });

    // The admin: the submissions tab of this call, the stage column, the invitation with its preview.
    const adminPage = await browser.newPage();
    await signIn(adminPage.page, DEMO.admin);
    const a = adminPage.page;
    await a.goto('/admin?tab=submissions');
    await a.getByRole('combobox', { name: 'Bando', exact: true }).fill(callName);
    await a.getByRole('option', { name: callName }).click();
    const row = a.getByTestId('submission-row').filter({ hasText: orgName });
    await row.getByText('Fase 1').waitFor();
    await row.getByRole('button', { name: `Invita ${orgName} alla fase 2` }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel('Messaggio (Italiano)').fill('Complimenti, vi aspettiamo alla fase due.');
    await dialog.getByLabel('Messaggio (English)').fill('Well done, see you in stage two.');
    await dialog.getByRole('button', { name: 'Mostra la mail' }).click();
    await dialog
      .getByTestId('invite-preview-it')
      .getByText(/Complimenti, vi aspettiamo/)
      .waitFor();
    await dialog.getByRole('tab', { name: 'English' }).click();
    await dialog.getByTestId('invite-preview-en').getByText(`Invitation to the second stage: ${callName}`).waitFor();
    await expectAccessible(a, 'invite dialog');
    await shot(a, 'two-stages-invite-preview');
    await dialog.getByRole('button', { name: "Invia l'invito" }).click();
    await row.getByText('Fase 2').waitFor();
    // No other application was waiting for an outcome: the notice says only what was done.
    await a.getByText('Invito inviato.', { exact: true }).waitFor();
    // Stage 1 is sent, stage 2 not yet: the row says which.
    await row.getByText('Fase 1 inviata').waitFor();
    await shot(a, 'two-stages-submissions-tab');
    await adminPage.context.close();

    // The applicant: the mail, the card, stage 2 beside stage 1's answer, Submit, both PDFs.
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, '/dev/outbox');
    await page
      .locator('article.mail', { hasText: `To: ${DEMO.applicant.email}` })
      .filter({ hasText: `Invito alla seconda fase: ${callName}` })
      .first()
      .getByText(/Complimenti, vi aspettiamo/)
      .waitFor();
    await page.goto('/calls');
    await page.getByText(/^Mostrati \d+ bandi su \d+$/).waitFor();
    await chooseOrganization(page, orgName);
    const card = page.getByTestId('call-card').filter({ hasText: callName });
    await card.getByTestId('call-stage-2').getByText('Invito ricevuto').waitFor();
    await shot(page, 'two-stages-card');
    // Straight to stage 2's first step; stage 1's answer one step back, read-only.
    await card.getByRole('button', { name: 'Continua con la fase 2' }).click();
    await page.getByRole('heading', { name: 'Il progetto completo' }).waitFor();
    await page.getByRole('button', { name: 'Indietro' }).click();
    await page.getByTestId('carried-forward').waitFor();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Il progetto completo' }).waitFor();
    await page.getByRole('textbox').last().fill('Dodici orti, trenta famiglie, un anno di lavoro.');
    await expectAccessible(page, 'stage 2 step');
    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Fase 2 inviata: grazie!' }).waitFor({ timeout: 30_000 });
    await shot(page, 'two-stages-thank-you');
    await downloadPdf(page, 'PDF della fase 1');
    await downloadPdf(page, 'PDF della fase 2');
    await context.close();
  });
});
