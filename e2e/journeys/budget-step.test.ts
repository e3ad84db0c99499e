import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

const names = (it: string, en: string, fr: string) => ({ it, en, fr });
const BUDGET = {
  currency: 'EUR',
  periods: ['2027', '2028'],
  maxRequested: 80000,
  minCoFundingShare: 0.2,
  categories: [
    { id: 'staff', name: names('Personale', 'Staff', 'Personnel') },
    { id: 'travel', name: names('Viaggi', 'Travel', 'Déplacements') },
    { id: 'overheads', name: names('Costi indiretti', 'Overheads', 'Frais généraux'), maxShare: 0.1 },
  ],
};

/** Tab-separated text pasted where the element is, as a spreadsheet's copy arrives. */
async function paste(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).evaluate((element, data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

/** A figure as shown, its no-break spaces read as spaces. */
const figure = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ');

describe('the budget step', () => {
  const browser = useBrowser();

  it('an applicant fills a two-year budget by keyboard, pastes three rows, meets the caps, fixes them and submits; the PDF prints the table', async () => {
    const stamp = Date.now().toString(36);
    const api = await apiAs(browser.baseUrl);
    const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
      name: `Budget ${stamp}`,
      description: 'Budget',
      steps: [
        {
          name: 'Piano finanziario',
          description: '',
          content: JSON.stringify(BUDGET),
          sort: 0,
          stepTypeId: types.find((t) => t.name === 'budget')?.id,
        },
      ],
    });
    const day = 86_400_000;
    const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
      name: `Bando Budget ${stamp}`,
      description: '<p>Bando con piano finanziario.</p>',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    const org = await me<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: `Cooperativa Budget ${stamp}`,
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Marco',
      contact_surname: 'Bianchi',
      contact_role: 'Presidente',
      contact_email: 'marco@example.org',
      personalData: true,
    });
    const submission = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: call.id,
      organizationId: org.id,
    });

    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, `/call/${submission.id}/0/0`);
    await page.getByTestId('budget-step').waitFor();
    await expectAccessible(page, 'budget step, empty');

    // By keyboard: the add button, then description and the two years, Tab from one to the next.
    await page.getByTestId('budget-add-staff').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Descrizione · voce 1 di Personale' }).focus();
    await page.keyboard.type('Coordinatrice del progetto');
    await page.keyboard.press('Tab');
    await page.keyboard.type('50000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('45000');
    // The totals follow the typing, in Italian.
    await expect.poll(() => figure(page, 'budget-total-staff')).toBe('95.000,00 €');

    // Three rows from a spreadsheet: two trips, and a row whose first cell names its category.
    await paste(
      page,
      'budget-add-travel',
      'Treno Torino-Roma\t1.200\t1.300\nAlbergo\t2.000\t2.000\nCosti indiretti\tAffitto della sede\t6.000\t6.000\n',
    );
    await expect.poll(() => figure(page, 'budget-total-travel')).toBe('6.500,00 €');
    await expect.poll(() => figure(page, 'budget-total-overheads')).toBe('12.000,00 €');
    await expect.poll(() => figure(page, 'budget-cost')).toBe('113.500,00 €');
    await expect.poll(() => figure(page, 'budget-period-0')).toBe('59.200,00 €');

    // Co-funding, by keyboard too.
    await page.getByTestId('budget-add-source').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Fonte 1: nome' }).focus();
    await page.keyboard.type('Fondi della cooperativa');
    // Its kind starts unchosen: whoever forgot would have filed it as own funds.
    expect(await page.getByTestId('budget-source-kind').inputValue()).toBe('');
    await page.getByTestId('budget-source-kind').selectOption({ label: 'Fondi propri' });
    await page.getByRole('textbox', { name: 'Fonte 1: importo' }).focus();
    await page.keyboard.type('20.000');
    await expect.poll(() => figure(page, 'budget-requested')).toBe('93.500,00 €');

    // The caps, each named.
    const problems = page.getByTestId('budget-problems');
    await problems
      .getByText('Il contributo richiesto (93.500,00 €) supera il massimo del bando (80.000,00 €).')
      .waitFor();
    await problems.getByText('La categoria «Costi indiretti» supera il 10% del costo totale.').waitFor();
    await problems.getByText(/Il cofinanziamento \(20\.000,00\s€\) è inferiore al 20%/).waitFor();
    await expectAccessible(page, 'budget step over its caps');
    // SHOT_DIR=/some/dir keeps a picture of the page for a person to look at.
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/budget-step.png`, fullPage: true });
    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByTestId('step-problems').getByText('Il contributo richiesto supera il massimo del bando.').waitFor();

    // Fixed: less staff in 2028, lower overheads.
    await page.getByRole('textbox', { name: '2028 · voce 1 di Personale' }).fill('25000');
    await page.getByRole('textbox', { name: '2027 · voce 1 di Costi indiretti' }).fill('4000');
    await page.getByRole('textbox', { name: '2028 · voce 1 di Costi indiretti' }).fill('4000');
    await expect.poll(() => figure(page, 'budget-cost')).toBe('89.500,00 €');
    await expect.poll(() => figure(page, 'budget-requested')).toBe('69.500,00 €');
    await expect.poll(() => problems.count()).toBe(0);
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();

    // The server keeps its own totals.
    const stepId = (await me<{ steps: Array<{ id: string }> }>(`Call/GetCallById?callId=${call.id}`)).steps[0]?.id;
    const stored = await me<{ content: string }>(`Call/GetStepResult?submissionId=${submission.id}&StepId=${stepId}`);
    expect(JSON.parse(stored.content).totals).toMatchObject({ cost: '89500.00', requested: '69500.00' });

    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor({ timeout: 30_000 });
    // Its reference, which the receipt and the PDF give too, to quote on the phone.
    const reference = (await page.getByTestId('submission-reference').locator('strong').textContent()) ?? '';
    expect(reference).toMatch(/^\d{4}-\d{5,}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Scarica il PDF' }).click(),
    ]);
    const text = pdfText(await readFile((await download.path()) ?? ''));
    for (const expected of [
      'Piano finanziario',
      'Personale',
      'Coordinatrice del progetto',
      'Treno Torino-Roma',
      'Affitto della sede',
      '2027',
      '2028',
      'Costo totale',
      '89.500,00 €',
      'Fondi della cooperativa',
      'Contributo richiesto',
      '69.500,00 €',
      reference,
    ])
      expect(text).toContain(expected);
    await context.close();
  });
});
