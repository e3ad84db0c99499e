import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/** Picks an option of a Mantine Select by its visible label. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('call builder', () => {
  const browser = useBrowser();

  it('the admin creates a call with a rich description and two steps, reorders, saves, reopens it, then locks it', async () => {
    const { context, page } = await browser.newPage();
    const name = `Bando giornata ${Date.now().toString(36)}`;
    await signIn(page, DEMO.admin, '/admin?tab=calls');
    await page.getByRole('button', { name: 'Nuovo bando', exact: true }).waitFor();
    await expectAccessible(page, 'admin calls tab');

    // New call: its name first (a change of mind leaves nothing), then an empty call type and a
    // call opening in a month, in the editor.
    await page.getByRole('button', { name: 'Nuovo bando', exact: true }).click();
    const newCall = page.getByRole('dialog', { name: 'Nuovo bando' });
    await newCall.getByRole('textbox', { name: 'Nome del bando' }).waitFor();
    await expectAccessible(page, 'new call dialog');
    await newCall.getByRole('textbox', { name: 'Nome del bando' }).fill(`${name} bozza`);
    await newCall.getByRole('button', { name: 'Crea il bando' }).click();
    await page.waitForURL(/\/admin\/calls\/[0-9a-f-]{36}$/);
    const editorUrl = page.url();
    // A new call is a draft: nothing is announced as created yet, the page says what it is.
    await page.getByRole('heading', { name: 'Nuovo bando', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Nome del bando', exact: true }).inputValue()).toBe(`${name} bozza`);
    expect(await page.getByText('Bando pubblicato').count()).toBe(0);
    await expectAccessible(page, 'call editor, new draft');
    const nameInput = page.getByRole('textbox', { name: 'Nome del bando', exact: true });
    await nameInput.fill('');
    // SPEC 5: save is disabled while the name is empty.
    expect(await page.getByRole('button', { name: 'Salva la bozza' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pubblica il bando' }).isDisabled()).toBe(true);
    await nameInput.fill(name);

    // Description with bold text and a link.
    const description = page.getByRole('textbox', { name: 'Descrizione', exact: true });
    await description.click();
    // Its text having the focus, the whole editor shows the fields' ring (WCAG 2.4.7).
    expect(
      await description.evaluate(
        (text) => getComputedStyle(text.closest('.mantine-RichTextEditor-root') ?? text).outlineStyle,
      ),
    ).toBe('solid');
    await page.keyboard.type('Un testo in ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('grassetto');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' e il sito');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Collegamento', exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Indirizzo del collegamento' }).fill('https://example.org/bando');
    await page.getByRole('button', { name: 'Applica' }).click();
    await description.locator('a[href="https://example.org/bando"]').waitFor();

    // Steps: an upload step, then a text step.
    await page.getByRole('tab', { name: /Passi/ }).click();
    await page.getByRole('button', { name: 'Aggiungi passo' }).click();
    let form = page.getByRole('region', { name: /Modifica del passo 1/ });
    await form.getByRole('textbox', { name: 'Nome del passo', exact: true }).fill('Allegati');
    await choose(page, form, 'Tipo di passo', 'Caricamento file');
    await form.getByRole('button', { name: 'Aggiungi file' }).click();
    await expectAccessible(page, 'call editor, step form');
    await form.getByRole('textbox', { name: 'Nome del file', exact: true }).fill('Bilancio');
    await choose(page, form, 'Tipo di file', 'Excel');
    await form.getByRole('button', { name: 'Salva', exact: true }).click();

    await page.getByRole('button', { name: 'Aggiungi passo' }).click();
    form = page.getByRole('region', { name: /Modifica del passo 2/ });
    await form.getByRole('textbox', { name: 'Nome del passo', exact: true }).fill('Motivazione');
    await choose(page, form, 'Tipo di passo', 'Testo');
    await form.getByRole('textbox', { name: 'Domanda', exact: true }).click();
    await page.keyboard.type('Perché partecipate?');
    await form.getByRole('textbox', { name: 'Lunghezza massima della risposta' }).fill('500');
    await form.getByRole('button', { name: 'Salva', exact: true }).click();

    // Annulla throws away the form's changes.
    await page.getByRole('button', { name: 'Modifica: Allegati' }).click();
    form = page.getByRole('region', { name: /Modifica del passo 1/ });
    await form.getByRole('textbox', { name: 'Nome del passo', exact: true }).fill('Da scartare');
    await form.getByRole('button', { name: 'Annulla', exact: true }).click();
    expect(await page.getByTestId('step-name').allTextContents()).toEqual(['Allegati', 'Motivazione']);

    // Reorder: the text step goes first.
    await page.getByRole('button', { name: 'Sposta su: Motivazione' }).click();
    expect(await page.getByTestId('step-name').allTextContents()).toEqual(['Motivazione', 'Allegati']);

    // Saved as a draft, the call stays in the editor, hidden from applicants.
    await page.getByRole('button', { name: 'Salva la bozza' }).click();
    await page.getByText('Bozza salvata').waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(editorUrl).pathname);
    // Published, the draft becomes a call applicants see.
    await page.getByRole('button', { name: 'Pubblica il bando' }).click();
    await page.getByText('Bando pubblicato').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('tab') === 'calls');
    const row = page.getByTestId('call-row').filter({ hasText: name });
    await row.waitFor();

    // Reopen: everything is as saved.
    await row.getByRole('link', { name: `Modifica: ${name}` }).click();
    await page.waitForURL(editorUrl);
    await expect.poll(() => page.getByRole('textbox', { name: 'Nome del bando', exact: true }).inputValue()).toBe(name);
    const saved = page.getByRole('textbox', { name: 'Descrizione', exact: true });
    expect(await saved.locator('strong').textContent()).toBe('grassetto');
    expect(await saved.locator('a[href="https://example.org/bando"]').textContent()).toBe('sito');
    await page.getByRole('tab', { name: /Passi/ }).click();
    expect(await page.getByTestId('step-name').allTextContents()).toEqual(['Motivazione', 'Allegati']);
    await page.getByRole('button', { name: 'Modifica: Allegati' }).click();
    form = page.getByRole('region', { name: /Modifica del passo 2/ });
    expect(await form.getByRole('textbox', { name: 'Nome del file', exact: true }).inputValue()).toBe('Bilancio');
    expect(await form.getByRole('combobox', { name: 'Tipo di file', exact: true }).inputValue()).toBe('Excel');
    await form.getByRole('button', { name: 'Annulla', exact: true }).click();
    await page.getByRole('button', { name: 'Modifica: Motivazione' }).click();
    form = page.getByRole('region', { name: /Modifica del passo 1/ });
    expect(await form.getByRole('textbox', { name: 'Domanda', exact: true }).textContent()).toBe('Perché partecipate?');
    expect(await form.getByRole('textbox', { name: 'Lunghezza massima della risposta' }).inputValue()).toBe('500');
    await form.getByRole('button', { name: 'Annulla', exact: true }).click();

    // Lock: enabling asks for confirmation with the warning; once saved the checkbox is disabled.
    await page.getByRole('tab', { name: 'Informazioni generali' }).click();
    const lock = page.getByRole('checkbox', { name: 'Blocca i risultati fino a una data' });
    await lock.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('non saranno accessibili prima della data di fine blocco').waitFor();
    await expectAccessible(page, 'call lock confirmation');
    await dialog.getByRole('button', { name: 'Blocca' }).click();
    await page.getByRole('button', { name: /Fine del blocco/ }).waitFor();
    await page.getByRole('button', { name: 'Salva bando' }).click();
    await page.getByText('Bando aggiornato').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(editorUrl);
    await page.getByText('Risultati bloccati').waitFor();
    expect(await page.title()).toBe(`Modifica del bando «${name}» · Impact Calls`);
    await expectAccessible(page, 'call editor, locked');
    expect(await page.getByRole('checkbox', { name: 'Blocca i risultati fino a una data' }).isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Blocca i risultati fino a una data' }).isChecked()).toBe(true);

    // Reminders, saved on their own: the defaults (7 days, 1 day), one more of 12 hours, a nudge.
    await page.getByRole('tab', { name: 'Promemoria' }).click();
    await page.getByText('Questi sono i promemoria predefiniti').waitFor();
    expect(await page.getByRole('textbox', { name: 'Promemoria 1: quanto prima della chiusura' }).inputValue()).toBe(
      '7',
    );
    await page.getByRole('button', { name: 'Aggiungi un promemoria' }).click();
    await page.getByRole('textbox', { name: 'Promemoria 3: quanto prima della chiusura' }).fill('12');
    await page.getByRole('combobox', { name: 'Promemoria 3: unità' }).click();
    await page.getByRole('option', { name: 'ore' }).click();
    await page.getByRole('checkbox', { name: /Sollecita le candidature/ }).check();
    // Pressed from the keyboard: the button is disabled while it saves, and gives the place back after.
    await page.getByRole('button', { name: 'Salva i promemoria' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Promemoria salvati.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName))
      .toBe('Salva i promemoria');
    await expectAccessible(page, 'call editor, reminders');
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/call-editor-reminders.png`, fullPage: true });
    await context.close();
  });

  it('the calls tab toggles closed calls and deletes a call after confirmation', async () => {
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.admin, '/admin?tab=calls');
    const name = `Da eliminare ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Nuovo bando', exact: true }).click();
    await page.getByRole('dialog', { name: 'Nuovo bando' }).getByRole('textbox', { name: 'Nome del bando' }).fill(name);
    await page.getByRole('button', { name: 'Crea il bando' }).click();
    await page.waitForURL(/\/admin\/calls\/[0-9a-f-]{36}$/);
    // Saved without steps it stays a draft: applicants do not see it, the list says so.
    await page.getByRole('button', { name: 'Salva la bozza' }).click();
    await page.getByText('Bozza salvata').waitFor();
    await page.goto('/admin?tab=calls');
    const row = page.getByTestId('call-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByText('Bozza', { exact: true }).count()).toBe(1);
    await page.getByRole('switch', { name: 'Mostra i bandi chiusi' }).click({ force: true });
    await row.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Mostra i bandi chiusi' }).click({ force: true });
    await row.getByRole('button', { name: `Elimina: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
    await page.getByText('Bando eliminato').waitFor();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});
