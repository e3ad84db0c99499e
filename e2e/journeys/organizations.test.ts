import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { organizationSelector, selectedOrganization } from '../support/organization-selector';
import { registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Fills the organization form as a person would, leaving the consent to the caller. */
async function fillOrganization(page: Page, org: { name: string; city: string }) {
  await textbox(page, "Nome dell'organizzazione").fill(org.name);
  await textbox(page, 'Partita IVA o codice fiscale').fill('01234567890');
  await textbox(page, 'Indirizzo (via e numero civico)').fill('Via Roma 1');
  await textbox(page, 'Città').fill(org.city);
  await page.getByRole('combobox', { name: 'Paese', exact: true }).fill('Ital');
  await page.getByRole('option', { name: 'Italia', exact: true }).click();
  await textbox(page, 'Nome').fill('Sara');
  await textbox(page, 'Cognome').fill('Conti');
  await textbox(page, "Ruolo nell'organizzazione").fill('Presidente');
  await textbox(page, 'E-mail').fill('sara@example.org');
}

describe('organizations', () => {
  const browser = useBrowser();

  it('a new applicant registers an organization, sees it selected, edits it, and deletes another one', async () => {
    const { context, page } = await browser.newPage();
    const person = {
      firstName: 'Sara',
      lastName: 'Conti',
      email: uniqueEmail('sara'),
      password: 'una frase lunga e sicura',
    };
    await registerAndVerify(page, person);
    await signIn(page, person);

    // No organization yet: the side panel prompts to register one.
    const panel = page.getByRole('navigation', { name: 'Navigazione' });
    await panel.getByText("Non hai ancora registrato un'organizzazione").waitFor();
    await expectAccessible(page, 'calls with the register-organization prompt');
    await panel.getByRole('link', { name: 'Registra organizzazione' }).click();
    await page.waitForURL('**/register-org');

    // The button enables only when every required field is filled and consent is ticked.
    const submit = page.getByRole('button', { name: 'Registra organizzazione' });
    expect(await submit.isDisabled()).toBe(true);
    await fillOrganization(page, { name: 'Cooperativa Il Faro', city: 'Bologna' });
    expect(await submit.isDisabled()).toBe(true);
    const consent = page.getByRole('checkbox', { name: /Acconsento al trattamento dei miei dati personali/ });
    await consent.check();
    expect(await submit.isEnabled()).toBe(true);
    await expectAccessible(page, 'register organization, filled');
    await textbox(page, 'Città').fill('');
    expect(await submit.isDisabled()).toBe(true);
    await textbox(page, 'Città').fill('Bologna');

    // Date of foundation typed as it is known, day first, the keyboard staying in the field; the
    // calendar opens beside it.
    const founded = page.getByRole('textbox', { name: 'Data di fondazione' });
    await founded.click();
    await page.getByRole('button', { name: '2020', exact: true }).waitFor();
    await expectAccessible(page, 'date picker open');
    await founded.fill('15/03/2020');
    await founded.press('Tab');
    expect(await founded.inputValue()).toBe('15/03/2020');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

    // The server receives the first organization; it becomes the selected one.
    await submit.click();
    await page.waitForURL('**/org/list');
    await page.getByText('Organizzazione registrata').waitFor();
    const selector = organizationSelector(panel);
    await expect.poll(() => selectedOrganization(selector)).toBe('Cooperativa Il Faro');
    const first = page.getByRole('article', { name: 'Cooperativa Il Faro' });
    await first.getByText('Selezionata').waitFor();
    expect(await first.textContent()).toContain('15 marzo 2020');
    await expectAccessible(page, 'organization list with a notification');

    // Edit it.
    await page.getByRole('link', { name: 'Modifica Cooperativa Il Faro' }).click();
    await page.waitForURL('**/org/edit/**');
    await expect.poll(() => textbox(page, 'Città').inputValue()).toBe('Bologna');
    await expectAccessible(page, 'edit organization');
    await textbox(page, 'Città').fill('Modena');
    await page.getByRole('button', { name: 'Salva modifiche' }).click();
    await page.waitForURL('**/org/list');
    await page.getByText('Organizzazione aggiornata').waitFor();
    await expect.poll(() => first.textContent()).toContain('Modena');

    // A second organization, from the side panel's add button; the selection stays on the first.
    await panel.getByRole('link', { name: 'Aggiungi organizzazione' }).click();
    await page.waitForURL('**/register-org');
    await fillOrganization(page, { name: 'Associazione Aurora', city: 'Parma' });
    await page.getByRole('checkbox', { name: /Acconsento/ }).check();
    await page.getByRole('button', { name: 'Registra organizzazione' }).click();
    await page.waitForURL('**/org/list');
    await page.getByRole('article', { name: 'Associazione Aurora' }).waitFor();
    expect(await selectedOrganization(selector)).toBe('Cooperativa Il Faro');

    // Select the second one: it travels as X-Organization-Id and survives a reload.
    const aurora = await page
      .getByRole('article', { name: 'Associazione Aurora' })
      .getAttribute('data-organization-id');
    await selector.selectOption({ label: 'Associazione Aurora' });
    await expect.poll(() => selectedOrganization(selector)).toBe('Associazione Aurora');
    await page.reload();
    await expect.poll(() => selectedOrganization(selector)).toBe('Associazione Aurora');
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/Organization/GetOrganizationById') && r.headers()['x-organization-id'] === aurora,
    );
    await page.getByRole('link', { name: 'Modifica Cooperativa Il Faro' }).click();
    await request;
    await panel.getByRole('link', { name: 'Gestisci organizzazioni' }).click();
    await page.waitForURL('**/org/list');

    // Delete the selected one, after confirming: the user stays signed in, the first is selected again.
    await page.getByRole('button', { name: 'Elimina Associazione Aurora' }).click();
    const dialog = page.getByRole('dialog', { name: "Eliminare l'organizzazione?" });
    await dialog.getByText('«Associazione Aurora»').waitFor();
    await expectAccessible(page, 'delete organization dialog');
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Organizzazione eliminata').waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await expect.poll(() => selectedOrganization(selector)).toBe('Cooperativa Il Faro');
    await page.getByTestId('user-name').waitFor();
    await page.reload();
    await expect.poll(() => selectedOrganization(selector)).toBe('Cooperativa Il Faro');
    await page.getByRole('article', { name: 'Cooperativa Il Faro' }).waitFor();
    await context.close();
  });
});
