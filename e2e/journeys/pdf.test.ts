import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { useBrowser } from '../support/journey';
import { chooseOrganization } from '../support/organization-selector';
import { DEMO, signIn } from '../support/sign-in';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('the application PDF', () => {
  const browser = useBrowser();

  it('submits, downloads questions_answers.pdf from the thank-you page and finds the receipt with the PDF in the outbox', async () => {
    const callName = `Bando Verde ${Date.now().toString(36)}`;
    await createCallWithTextAndUpload(browser.baseUrl, callName);
    const { context, page } = await browser.newPage();
    // The demo applicant: registering one more account would meet the per-address mail limit that
    // the other journeys' registrations share. The answers are set up through the API; the journey
    // is the submitting.
    const person = DEMO.applicant;
    const orgName = `Associazione Più Àlberi ${Date.now().toString(36)}`;
    const api = await apiAs(browser.baseUrl, person);
    const org = await api<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: orgName,
      reg_number: '01234567890',
      street_name: 'Via Po 2',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Chiara',
      contact_surname: 'Neri',
      contact_role: 'Presidente',
      contact_email: 'contatto@piu-alberi.example',
      personalData: true,
    });
    const calls = await api<Array<{ id: string; name: string }>>('Call/GetCallListUser');
    const callId = calls.find((c) => c.name === callName)?.id;
    const submission = await api<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId,
      organizationId: org.id,
    });
    const call = await api<{ steps: Array<{ id: string; name: string }> }>(`Call/GetCallById?callId=${callId}`);
    const stepId = (name: string) => call.steps.find((s) => s.name === name)?.id ?? '';
    await api('Call/UpsertCallStepResult', 'POST', {
      callSubmissionId: submission.id,
      stepId: stepId('Il progetto'),
      content: JSON.stringify({ answer: 'Piantiamo 300 alberi nei cortili delle scuole di Torino.' }),
      version: 0,
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({
      submissionId: submission.id,
      stepId: stepId('Documenti'),
      Nome: 'Budget',
      Descrizione: 'Piano dei costi',
      TipoFileId: '1',
    }))
      form.set(k, v);
    form.set('File', new Blob([PDF], { type: 'application/pdf' }), 'budget-alberi.pdf');
    await api('FileUpload/UploadFile', 'POST', form);

    await signIn(page, person);
    // Work for the new organization, so the call list shows its (closed) submission. The selector is
    // clicked once the list has settled: a click while the selection is still being restored is lost.
    await page.getByText(/^Mostrati \d+ bandi su \d+$/).waitFor();
    await chooseOrganization(page, orgName);
    await page.goto(`/call/${submission.id}/1/0`);
    await page.getByText('budget-alberi.pdf').waitFor();
    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor({ timeout: 30_000 });

    // SHOT_DIR=/some/dir keeps pictures of the pages for a person to look at.
    const shot = async (name: string) =>
      process.env.SHOT_DIR && (await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png`, fullPage: true }));
    await shot('pdf-thank-you');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Scarica il PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('questions_answers.pdf');
    const bytes = await readFile((await download.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);

    // The call card offers the PDF too, now that the submission is closed.
    await page.goto('/calls');
    const card = page.getByTestId('call-card').filter({ hasText: callName });
    await card.getByTestId('download-pdf').waitFor();
    await shot('pdf-call-card');

    // The receipt, in Italian, to the submitter and to the organization's contact, with the PDF.
    await page.goto('/dev/outbox');
    for (const to of [person.email, 'contatto@piu-alberi.example']) {
      const mail = page
        .locator('article.mail', { hasText: `To: ${to}` })
        .filter({ hasText: `Ricevuta della candidatura: ${callName}` })
        .first();
      await mail.getByText(`Ricevuta della candidatura: ${callName}`).waitFor();
      await mail.getByText(submission.id).first().waitFor();
      await mail.getByRole('link', { name: 'questions_answers.pdf' }).waitFor();
    }
    await shot('pdf-outbox');
    const link = await page
      .locator('article.mail', { hasText: `To: ${person.email}` })
      .filter({ hasText: callName })
      .first()
      .getByRole('link', { name: 'questions_answers.pdf' })
      .getAttribute('href');
    const attached = await context.request.get(link ?? '');
    expect(attached.status()).toBe(200);
    expect((await attached.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });
});
