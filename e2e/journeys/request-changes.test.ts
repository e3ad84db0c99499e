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

/**
 * A request for changes (docs/decisions/0039): an application submitted (set up through the API),
 * the admin asks for changes to its budget from the application's view, the applicant reads the
 * message beside the reopened step (the other read-only), fixes it and submits again.
 */
describe('a request for changes', () => {
  const browser = useBrowser();

  it('the admin reopens one step; the applicant fixes it and submits again', async () => {
    const suffix = Date.now().toString(36);
    const callName = `Bando con modifiche ${suffix}`;
    const orgName = `Associazione Tre Ponti ${suffix}`;
    const message = `Indicate anche il costo delle trasferte, per favore (${suffix}).`;
    const { admin, call, submission } = await submittedApplication(browser.baseUrl, {
      callName,
      description: '<p>Un bando per provare le richieste di modifica.</p>',
      orgName,
      contactEmail: `contatto-${suffix}@tre-ponti.example`,
      steps: [
        { name: 'Il progetto', question: 'Il progetto.', answer: 'Tre laboratori di quartiere.' },
        { name: 'Il budget', question: 'Il budget.', answer: 'Materiali 5.000.' },
      ],
    });

    // The admin: the application's view, the request dialog, the confirmation, the list.
    const adminPage = await browser.newPage();
    await signIn(adminPage.page, DEMO.admin);
    const a = adminPage.page;
    await a.goto(`/call/${submission.id}?readonly=true`);
    // Whose application this is, and the way back to the list.
    await a
      .getByTestId('application-of')
      .getByText(/^Candidatura di .+/)
      .waitFor();
    await a.getByRole('link', { name: 'Torna alle candidature' }).waitFor();
    const panel = a.getByTestId('change-requests');
    await panel.getByRole('button', { name: 'Richiedi modifiche' }).click();
    const dialog = a.getByRole('dialog', { name: 'Richiedi modifiche' });
    await dialog.getByRole('checkbox', { name: 'Il budget' }).check();
    await dialog.getByLabel('Messaggio al candidato').fill(message);
    // The due date is picked as the call's own dates are: day first whatever the browser's locale,
    // its calendar's every control named.
    const due = dialog.getByRole('button', { name: /^Scadenza/ });
    expect(await due.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} 23:59$/);
    await due.click();
    await a.getByRole('button', { name: 'Conferma data e ora' }).waitFor();
    await expectAccessible(a, 'request changes dialog, its due date being picked');
    await a.getByRole('button', { name: 'Conferma data e ora' }).click();
    await expectAccessible(a, 'request changes dialog');
    await shot(a, 'request-changes-dialog');
    await dialog.getByRole('button', { name: 'Richiedi modifiche' }).click();
    await a
      .getByRole('dialog', { name: 'Richiedere queste modifiche?' })
      .getByRole('button', { name: 'Invia la richiesta' })
      .click();
    await panel.getByTestId('change-request').getByText('Aperta').waitFor();
    await panel.getByText(message).waitFor();
    // Sent back, it no longer reads as simply submitted.
    await expect.poll(() => a.getByTestId('submission-status').textContent()).toBe('Modifiche richieste');
    // The button pressed is gone with the request made: the keyboard is on the panel's heading.
    await a
      .waitForFunction(() => document.activeElement?.textContent === 'Richieste di modifica', null, {
        timeout: 5_000,
      })
      .catch(async () => {
        throw new Error(`focus is on ${await a.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
      });
    await expectAccessible(a, 'admin view with the request');
    // The submissions tab finds it among those waiting on changes, with the request's due date.
    await a.getByRole('link', { name: 'Torna alle candidature' }).click();
    await a.getByLabel('Stato', { exact: true }).first().click();
    await a.getByRole('option', { name: 'Modifiche richieste' }).click();
    const row = a.getByTestId('submission-row').filter({ hasText: orgName });
    await row.getByText(/^Entro il /).waitFor();
    await a
      .getByTestId('submissions-range')
      .getByText(/ di \d+$/)
      .waitFor();
    // Polled: the unfiltered page stays shown until the filtered one arrives.
    await expect
      .poll(() => a.getByTestId('submission-row').filter({ hasNotText: 'Modifiche richieste' }).count())
      .toBe(0);
    await adminPage.context.close();

    // The applicant: the message, the reopened step marked, the other read-only; the fix, Submit again.
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, '/calls');
    await page.getByText(/^Mostrati \d+ bandi su \d+$/).waitFor();
    await chooseOrganization(page, orgName);
    // The call's card says what the funder asked and until when, and leads where it is answered.
    await page.goto(`/calls?call=${call.id}`);
    const card = page.getByTestId('call-card').filter({ has: page.getByRole('heading', { name: callName }) });
    await expect
      .poll(() => card.getByTestId('call-changes-requested').textContent())
      .toMatch(/^Modifiche richiesteDa inviare di nuovo entro il \d+ \w+ \d{4}, \d{2}:\d{2}$/);
    await expectAccessible(page, 'call card with a request for changes');
    await shot(page, 'request-changes-card');
    await card.getByRole('button', { name: 'Fai le modifiche' }).click();
    await page.getByRole('heading', { name: 'Il budget' }).waitFor();
    // An older bookmark of the read-only view leads there too.
    await page.goto(`/call/${submission.id}/0/0?readonly=true`);
    await page.waitForURL((url) => !url.search.includes('readonly'));
    const request = page.getByTestId('open-change-request');
    await request.getByText(message).waitFor();
    await page.getByRole('navigation').getByTestId('reopened-step').waitFor();
    expect(await page.getByTestId('reopened-step').count()).toBe(1);
    // Landed on the step to change; the others stay read-only.
    await page.getByRole('heading', { name: 'Il budget' }).waitFor();
    await page.goto(`/call/${submission.id}/0/0`);
    await page.getByTestId('not-reopened').waitFor();
    await expectAccessible(page, 'wizard with a request for changes');
    await page.getByRole('button', { name: /Il budget/ }).click();
    await page.getByRole('heading', { name: 'Il budget' }).waitFor();
    await page.getByRole('textbox').last().fill('Materiali 5.000, trasferte 800.');
    await shot(page, 'request-changes-wizard');
    await request.getByRole('button', { name: 'Invia di nuovo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Invia di nuovo' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor({ timeout: 30_000 });
    await context.close();

    // Answered, with a second frozen record holding the change.
    const requests = await admin<Array<{ status: string }>>(
      `CallSubmission/GetChangeRequests?submissionId=${submission.id}`,
    );
    expect(requests.map((r) => r.status)).toEqual(['answered']);
    const records = await admin<Array<unknown>>(`Call/GetSubmissionRecords?submissionId=${submission.id}`);
    expect(records).toHaveLength(2);
  });
});
