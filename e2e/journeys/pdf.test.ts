import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { chooseOrganization } from '../support/organization-selector';
import { DEMO, signIn } from '../support/sign-in';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

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

  it('an applicant reading English sees the call in English in the list, the wizard, the PDF and the receipt; French falls back to Italian', async () => {
    const stamp = Date.now().toString(36);
    const italianName = `Bando Orti ${stamp}`;
    const englishName = `Gardens Call ${stamp}`;
    const admin = await apiAs(browser.baseUrl);
    const types = await admin<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const typeId = (n: string) => types.find((t) => t.name === n)?.id;
    // A text step with several questions and a survey, each with English texts and no French ones.
    const callType = await admin<{ id: string }>('Call/CreateCallType', 'POST', {
      name: italianName,
      description: italianName,
      steps: [
        {
          name: 'In breve',
          description: '',
          content: JSON.stringify({
            question: '<p>Poche risposte brevi.</p>',
            questions: [
              { id: 'title', label: 'Titolo del progetto', maxLength: 80, required: true },
              { id: 'months', label: 'Durata in mesi', help: 'Da 6 a 24', maxLength: 5, required: true },
            ],
          }),
          sort: 0,
          stepTypeId: typeId('text'),
          translations: {
            en: {
              name: 'In short',
              question: '<p>A few short answers.</p>',
              questions: {
                title: { label: 'Project title' },
                months: { label: 'Duration in months', help: 'From 6 to 24' },
              },
            },
          },
        },
        {
          name: 'Il vostro parere',
          description: '',
          content: JSON.stringify({
            pages: [
              {
                elements: [
                  {
                    type: 'radiogroup',
                    name: 'reach',
                    title: { default: 'Chi raggiungete?', en: 'Who do you reach?' },
                    isRequired: true,
                    choices: [{ value: 'old', text: { default: 'Anziani', en: 'Older people' } }],
                  },
                ],
              },
            ],
          }),
          sort: 1,
          stepTypeId: typeId('survey'),
          translations: { en: { name: 'Your opinion' } },
        },
      ],
    });
    const day = 86_400_000;
    const made = await admin<{ id: string }>('Call/CreateCall', 'POST', {
      name: italianName,
      description: '<p>Orti nei cortili.</p>',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });
    const full = await admin<Record<string, unknown>>(`Call/GetCallByIdAdmin?callId=${made.id}`);
    await admin('Call/UpdateCall', 'PUT', {
      id: made.id,
      name: full.name,
      description: full.description,
      openingAt: full.openingAt,
      closingAt: full.closingAt,
      callTypeId: full.callTypeId,
      translations: { en: { name: englishName } },
    });

    // The admin's editor: one card per question, and in English each label and help beside the Italian.
    const editor = await browser.newPage();
    await signIn(editor.page, DEMO.admin, `/admin/calls/${made.id}`);
    await editor.page.getByRole('tab', { name: /Passi/ }).click();
    await editor.page.getByRole('button', { name: 'Modifica: In breve' }).click();
    const form = editor.page.getByRole('region', { name: /Modifica del passo 1/ });
    expect(await form.getByTestId('text-question-row').count()).toBe(2);
    await expectAccessible(editor.page, 'call editor, text step with questions');
    // The language switch's radios are drawn by their labels (a segmented control): the label is clicked.
    const english = await editor.page.getByRole('radio', { name: /English/ }).getAttribute('id');
    await editor.page.locator(`label[for="${english}"]`).click();
    expect(await form.getByRole('textbox', { name: 'Etichetta' }).first().inputValue()).toBe('Project title');
    if (process.env.SHOT_DIR)
      await editor.page.screenshot({ path: `${process.env.SHOT_DIR}/text-questions-editor-en.png`, fullPage: true });
    await editor.context.close();

    const person = DEMO.applicant;
    const me = await apiAs(browser.baseUrl, person);
    const orgName = `Orti Condivisi ${stamp}`;
    await me('Organization/CreateOrganization', 'POST', {
      name: orgName,
      reg_number: '01234567890',
      street_name: 'Via Po 2',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Chiara',
      contact_surname: 'Neri',
      contact_role: 'Presidente',
      contact_email: person.email,
      personalData: true,
    });

    // Work for the new organization (chosen in Italian), then switch the interface to English.
    const { context, page } = await browser.newPage();
    await signIn(page, person);
    await page.getByText(/^Mostrati \d+ bandi su \d+$/).waitFor();
    await chooseOrganization(page, orgName);
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Lingua' }).selectOption({ label: 'English' }),
    ]);
    const card = page.getByTestId('call-card').filter({ hasText: englishName });
    await card.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/\/call\/[0-9a-f-]{36}\/0\/0$/);

    // The wizard: the English step name, introduction, labels and help, and the survey's texts.
    await page.getByRole('heading', { name: 'In short' }).waitFor();
    await page.getByText('A few short answers.').waitFor();
    await page.getByRole('textbox', { name: 'Project title' }).fill('Vegetable gardens in school yards');
    await page.getByText('From 6 to 24').waitFor();
    // Next is blocked while a required question is blank.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('step-problems').waitFor();
    await page.getByRole('textbox', { name: 'Duration in months' }).fill('12');
    await page.getByTestId('step-problems').waitFor({ state: 'detached' });
    await expectAccessible(page, 'wizard, text questions in English');
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/text-questions-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Your opinion' }).waitFor();
    await page.getByText('Who do you reach?').waitFor();
    await page.getByText('Older people').click();
    await page.getByRole('button', { name: 'Submit the application' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, submit' }).click();
    await page.getByRole('heading', { name: 'Thank you, your application is in!' }).waitFor({ timeout: 30_000 });

    // The PDF, in English: the call, the step, each question with its answer, the survey.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download the PDF' }).click(),
    ]);
    const text = pdfText(await readFile((await download.path()) ?? ''));
    for (const english of [
      englishName,
      'In short',
      'Project title',
      'Vegetable gardens in school yards',
      'Duration in months',
      'Who do you reach?',
      'Older people',
    ]) {
      expect(text).toContain(english);
    }

    // The receipt names the call in English.
    await page.goto('/dev/outbox');
    await page
      .locator('article.mail', { hasText: `To: ${person.email}` })
      .filter({ hasText: `Submission receipt: ${englishName}` })
      .first()
      .waitFor();

    // In French, where nothing was written, the call keeps its Italian name.
    await page.goto('/calls');
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Français' }),
    ]);
    await page.getByTestId('call-card').filter({ hasText: italianName }).waitFor();
    // Back to Italian: the language is saved on the account, and later journeys read its mails in Italian.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('combobox', { name: 'Langue' }).selectOption({ label: 'Italiano' }),
    ]);
    await page.getByText(/^Mostrati \d+ bandi su \d+$/).waitFor();
    await context.close();
  });
});
