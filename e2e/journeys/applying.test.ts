import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('applying to a call', () => {
  const browser = useBrowser();

  it('registers an organization from the card, answers with autosave, uploads, submits, and is reopened by the admin', async () => {
    const callName = `Bando Comunità ${Date.now().toString(36)}`;
    const { api, callId } = await createCallWithTextAndUpload(browser.baseUrl, callName);
    const { context, page } = await browser.newPage();
    const person = {
      firstName: 'Elena',
      lastName: 'Galli',
      email: uniqueEmail('elena'),
      password: 'una frase lunga e sicura',
    };
    await registerAndVerify(page, person);
    await signIn(page, person);

    // No organization yet: with the default configuration (organizationSelection on) "Candidati"
    // leads to the registration page (SPEC 2 "Call list card"), then back to the calls.
    const card = page.getByTestId('call-card').filter({ hasText: callName });
    await card.waitFor();
    await expectAccessible(page, 'calls, no organization');
    await card.getByRole('button', { name: 'Candidati' }).click();
    await page.waitForURL('**/register-org?returnTo=/calls');
    await textbox(page, "Nome dell'organizzazione").waitFor();
    await expectAccessible(page, 'register organization');
    await textbox(page, "Nome dell'organizzazione").fill('Fondazione Elena');
    await textbox(page, 'Partita IVA o codice fiscale').fill('01234567890');
    await textbox(page, 'Indirizzo (via e numero civico)').fill('Via Po 2');
    await textbox(page, 'Città').fill('Torino');
    await page.getByRole('combobox', { name: 'Paese', exact: true }).fill('Ital');
    await page.getByRole('option', { name: 'Italia', exact: true }).click();
    await textbox(page, 'Nome').fill('Elena');
    await textbox(page, 'Cognome').fill('Galli');
    await textbox(page, "Ruolo nell'organizzazione").fill('Presidente');
    await textbox(page, 'E-mail').fill('elena@example.org');
    await page.getByRole('checkbox', { name: /Acconsento/ }).check();
    await page.getByRole('main').getByRole('button', { name: 'Registra organizzazione' }).click();
    await page.waitForURL('**/calls');
    // Back at the call chosen: its heading has the keyboard.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(callName);
    await card.getByRole('button', { name: 'Candidati' }).click();
    await page.waitForURL(/\/call\/[0-9a-f-]{36}\/0\/0$/);
    const submissionUrl = page.url();

    // Next is blocked without an answer.
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByTestId('step-problems').getByText('Scrivi una risposta prima di proseguire.').waitFor();
    await expectAccessible(page, 'wizard text step with a problem');

    // Autosave: type, see "Salvato", reload, find the text. The answer mends the problem: its message goes.
    await page.getByTestId('text-answer').fill('Un doposcuola per 40 ragazzi del quartiere.');
    await page.getByTestId('step-problems').waitFor({ state: 'detached' });
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByTestId('text-answer').inputValue())
      .toBe('Un doposcuola per 40 ragazzi del quartiere.');

    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.waitForURL(/\/1\/0$/);

    // A file over the limit is refused with the size and unit; a PDF is accepted.
    const slot = page.getByTestId('slot-Budget');
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1024 * 1024 + 10, 32) });
    await slot
      .getByTestId('upload-error')
      .getByText('Le dimensioni del documento superano quelle consentite (1 MB).')
      .waitFor();
    await expectAccessible(page, 'wizard upload step with a refused file');
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: 'budget.pdf', mimeType: 'application/pdf', buffer: PDF });
    await slot.getByText('budget.pdf').waitFor();
    await expectAccessible(page, 'wizard upload step with a file');
    // Removed by mistake: the focus waits on the chooser (the removed row's buttons are gone), and
    // the same file can be chosen again.
    // Asked first: kept when the person did not mean it, removed when confirmed.
    await slot.getByRole('button', { name: 'Rimuovi budget.pdf' }).click();
    await page
      .getByRole('dialog', { name: 'Rimuovere «budget.pdf»?' })
      .getByRole('button', { name: 'Tienilo' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await slot.getByText('budget.pdf').count()).toBe(1);
    await slot.getByRole('button', { name: 'Rimuovi budget.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rimuovi il file' }).click();
    await slot.getByText('budget.pdf').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Scegli il file');
    await slot
      .locator('input[type=file]')
      .setInputFiles({ name: 'budget.pdf', mimeType: 'application/pdf', buffer: PDF });
    await slot.getByText('budget.pdf').waitFor();

    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor();
    await expectAccessible(page, 'closing page');
    await page.getByRole('link', { name: 'Torna ai bandi' }).click();

    // The card says the application was sent, and offers the closed-state button; the steps are read-only.
    await card.getByTestId('call-submission-status').getByText('Inviata').waitFor();
    await card.getByRole('button', { name: 'Vedi candidatura' }).click();
    await page.getByRole('heading', { name: 'Il progetto' }).waitFor();
    expect(await page.getByTestId('text-answer').getAttribute('readonly')).not.toBeNull();
    // The read-only view pages with Previous/Next, never offers Submit.
    await expectAccessible(page, 'read-only submission');
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('heading', { name: 'Documenti' }).waitFor();
    expect(await page.getByRole('button', { name: 'Invia la candidatura' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Avanti' }).isDisabled()).toBe(true);

    // An organization with a submission cannot be deleted: the list says why.
    await page.goto('/org/list');
    await page.getByRole('button', { name: 'Elimina Fondazione Elena' }).click();
    await page
      .getByRole('dialog', { name: "Eliminare l'organizzazione?" })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await page
      .getByText("L'organizzazione ha già candidature ai bandi: per conservarle non può essere eliminata.")
      .waitFor();
    await page.getByRole('article', { name: 'Fondazione Elena' }).waitFor();
    await expectAccessible(page, 'organization list');

    // The admin finds it in the submissions tab, sees its attachment, and reopens it.
    const submissionId = /\/call\/([0-9a-f-]{36})\//.exec(submissionUrl)?.[1];
    const list = await api<Array<{ id: string; callId: string }>>(`Call/GetSubmissions?callId=${callId}`);
    expect(list.map((s) => s.id)).toContain(submissionId);
    const admin = await browser.newPage();
    await signIn(admin.page, DEMO.admin, '/admin?tab=submissions');
    await admin.page
      .getByRole('textbox', { name: 'Cerca organizzazione, utente o riferimento' })
      .fill('Fondazione Elena');
    const row = admin.page.getByTestId('submission-row').filter({ hasText: callName });
    await row.waitFor();
    await expectAccessible(admin.page, 'admin submissions tab');
    await row.getByRole('link', { name: 'Allegati' }).click();
    await admin.page.getByRole('cell', { name: 'budget.pdf' }).waitFor();
    await expectAccessible(admin.page, 'attachments');
    await admin.page.goBack();
    await admin.page
      .getByRole('textbox', { name: 'Cerca organizzazione, utente o riferimento' })
      .fill('Fondazione Elena');
    await row.getByRole('button', { name: 'Riapri' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Riapri' }).click();
    await admin.page.getByText('Candidatura riaperta').waitFor();
    await admin.context.close();

    // The applicant can edit again.
    await page.goto(submissionUrl);
    await page.getByTestId('text-answer').waitFor();
    expect(await page.getByTestId('text-answer').getAttribute('readonly')).toBeNull();
    await context.close();
  });

  it('keeps typed text through a lost connection, and offers the newer answer when another tab saved first', async () => {
    const { callId } = await createCallWithTextAndUpload(browser.baseUrl, `Bando Tab ${Date.now().toString(36)}`);
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant);
    // The demo applicant may have no organization yet: give it one through the API as itself.
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    const orgs = await me<Array<{ id: string }>>('Organization/GetOrganizations');
    const orgId =
      orgs[0]?.id ??
      (
        await me<{ id: string }>('Organization/CreateOrganization', 'POST', {
          name: 'Cooperativa Demo',
          reg_number: '01234567890',
          street_name: 'Via Roma 1',
          city_name: 'Torino',
          country: 'IT',
          contact_name: 'Marco',
          contact_surname: 'Bianchi',
          contact_role: 'Presidente',
          contact_email: 'marco@example.org',
          personalData: true,
        })
      ).id;
    const submission = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', { callId, organizationId: orgId });
    await page.goto(`/call/${submission.id}/0/0`);
    await page.getByTestId('text-answer').waitFor();

    // Offline: the text stays, the indicator says so, and it is saved once the connection returns.
    await context.setOffline(true);
    await page.getByTestId('text-answer').fill('Scritto senza connessione');
    await page.locator('[data-testid="save-status"][data-status="offline"]').waitFor();
    await context.setOffline(false);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor({ timeout: 20_000 });

    // A second tab saves a newer answer: the first, with nothing unsaved, shows it at once.
    const second = await context.newPage();
    await second.goto(`/call/${submission.id}/0/0`);
    await expect.poll(() => second.getByTestId('text-answer').inputValue()).toBe('Scritto senza connessione');
    await second.getByTestId('text-answer').fill('Bozza della seconda scheda');
    await second.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await expect.poll(() => page.getByTestId('text-answer').inputValue()).toBe('Bozza della seconda scheda');

    // The first tab types while its saves cannot get through, and the second saves again: once
    // the first's save goes, it is refused and the first offers the newer answer.
    const saves = '**/api/Call/UpsertCallStepResult';
    await page.route(saves, (route) => route.abort());
    await page.getByTestId('text-answer').fill('Versione della prima scheda');
    await page.locator('[data-testid="save-status"][data-status="offline"]').waitFor();
    await second.getByTestId('text-answer').fill('Versione della seconda scheda');
    await second.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await page.unroute(saves);
    await page.getByTestId('conflict-banner').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Carica la versione più recente' }).click();
    await expect.poll(() => page.getByTestId('text-answer').inputValue()).toBe('Versione della seconda scheda');
    await context.close();
  });
});
