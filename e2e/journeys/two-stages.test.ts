import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { chooseOrganization } from '../support/organization-selector';
import { DEMO, signIn } from '../support/sign-in';

const DAY = 86_400_000;

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
    const admin = await apiAs(browser.baseUrl);
    const types = await admin<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const text = types.find((t) => t.name === 'text')?.id;
    const question = (q: string) => JSON.stringify({ question: `<p>${q}</p>`, maxLength: 2000 });
    const callType = await admin<{ id: string }>('Call/CreateCallType', 'POST', {
      name: callName,
      description: '',
      steps: [
        { name: "L'idea", description: '', content: question('In breve.'), sort: 0, stepTypeId: text },
        {
          name: 'Il progetto completo',
          description: '',
          content: question('Tutto.'),
          sort: 1,
          stepTypeId: text,
          stage: 2,
        },
      ],
    });
    const call = await admin<{ id: string }>('Call/CreateCall', 'POST', {
      name: callName,
      description: '<p>Prima fase breve, poi su invito.</p>',
      openingAt: new Date(Date.now() - DAY).toISOString(),
      closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
      callTypeId: callType.id,
    });
    // Stage 1, sent by the demo applicant through the API: the journey is what follows.
    const applicant = await apiAs(browser.baseUrl, DEMO.applicant);
    const org = await applicant<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: orgName,
      reg_number: '01234567890',
      street_name: 'Via Po 2',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Chiara',
      contact_surname: 'Neri',
      contact_role: 'Presidente',
      contact_email: `contatto-${suffix}@due-passi.example`,
      personalData: true,
    });
    const submission = await applicant<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: call.id,
      organizationId: org.id,
    });
    const steps = (await admin<{ steps: Array<{ id: string }> }>(`Call/GetCallByIdAdmin?callId=${call.id}`)).steps;
    await applicant('Call/UpsertCallStepResult', 'POST', {
      callSubmissionId: submission.id,
      stepId: steps[0]?.id,
      content: JSON.stringify({ answer: 'Un orto condiviso in ogni cortile.' }),
      version: 0,
    });
    await applicant('Call/CloseCallSubmission', 'POST', { submissionId: submission.id, language: 'it' });

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
    await shot(a, 'two-stages-submissions-tab');
    await adminPage.context.close();

    // The applicant: the mail, the card, stage 2 beside stage 1's answer, Submit, both PDFs.
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant);
    await page.goto('/dev/outbox');
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
    await card.getByTestId('call-stage-2').getByText('Siete invitati').waitFor();
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
