import { describe, expect, it } from 'vitest';
import { createCallWithTextAndUpload } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/** SHOT_DIR set: the screener's screens are saved for a person to look at. */
const SHOT_DIR = process.env.SHOT_DIR;

const SCREENER = {
  model: {
    pages: [
      {
        name: 'requisiti',
        elements: [
          {
            type: 'radiogroup',
            name: 'nonProfit',
            title: 'La vostra organizzazione è senza scopo di lucro?',
            isRequired: true,
            choices: [
              { value: 'yes', text: 'Sì, senza scopo di lucro' },
              { value: 'no', text: 'No, con scopo di lucro' },
            ],
          },
        ],
      },
    ],
  },
  rules: [
    {
      expression: "{nonProfit} = 'no'",
      message: { it: 'Il bando è riservato agli enti senza scopo di lucro.' },
    },
  ],
  contact: 'bandi@impact-calls.test',
};

describe('an eligibility screener before the application', () => {
  const browser = useBrowser();

  it('the applicant is screened out with the reason, answers again and starts the application', async () => {
    const callName = `Bando Requisiti ${Date.now().toString(36)}`;
    const { api, callId } = await createCallWithTextAndUpload(browser.baseUrl, callName);
    await api('Call/SaveScreener', 'PUT', { callId, screener: SCREENER });
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.applicant, '/calls');

    // Starting from the card leads to the screener first.
    const card = page.getByTestId('call-card').filter({ hasText: callName });
    await card.getByRole('button', { name: 'Candidati' }).click();
    await page.waitForURL(`**/calls/${callId}/eligibility`);
    await page.getByRole('heading', { level: 1, name: `Ammissibilità: ${callName}` }).waitFor();
    expect(await page.title()).toContain(`Ammissibilità: ${callName}`);
    const main = page.getByRole('main');
    await main.getByText('No, con scopo di lucro').click();
    await expectAccessible(page, 'eligibility screener');
    await page.getByTestId('screening-check').click();

    // Screened out: the reason and whom to write to.
    const refused = page.getByTestId('screening-ineligible');
    await refused.getByText('Il bando è riservato agli enti senza scopo di lucro.').waitFor();
    await refused.getByRole('link', { name: 'bandi@impact-calls.test' }).waitFor();
    await expectAccessible(page, 'eligibility: not eligible');
    if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/eligibility-refused.png`, fullPage: true });

    // The card leads back here while the organization is not eligible.
    await page.goto('/calls');
    await card.getByRole('button', { name: 'Candidati' }).click();
    await page.waitForURL(`**/calls/${callId}/eligibility`);
    await page.getByTestId('screening-ineligible').waitFor();

    // Answering again with the other answer opens the application.
    await page.getByRole('button', { name: 'Rispondi di nuovo' }).click();
    await main.getByText('Sì, senza scopo di lucro').click();
    await page.getByTestId('screening-check').click();
    const eligible = page.getByTestId('screening-eligible');
    await eligible.waitFor();
    // The verdict has the keyboard: the next Tab reaches its button, not the page's top.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('screening-verdict');
    if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/eligibility-eligible.png`, fullPage: true });
    await eligible.getByRole('button', { name: 'Inizia la candidatura' }).click();
    await page.waitForURL(/\/call\/[0-9a-f-]{36}\/0\/0$/);
    await page.getByTestId('text-answer').waitFor();

    // The admin's tab counts both attempts of the organization.
    const screenings = await api<{ screened: number; eligible: number; screenings: unknown[] }>(
      `Call/GetScreenings?callId=${callId}`,
    );
    expect(screenings).toMatchObject({ screened: 1, eligible: 1 });
    expect(screenings.screenings).toHaveLength(2);
    await context.close();
  });

  it('the admin edits the rules in the call editor’s screener tab and previews them', async () => {
    const callName = `Bando Filtro ${Date.now().toString(36)}`;
    const { api, callId } = await createCallWithTextAndUpload(browser.baseUrl, callName);
    await api('Call/SaveScreener', 'PUT', { callId, screener: SCREENER });
    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.admin, `/admin/calls/${callId}`);
    await page.getByRole('tab', { name: 'Ammissibilità' }).click();
    const rule = page.getByTestId('screener-rule').first();
    await rule.getByText("{nonProfit} = 'no'").waitFor();
    await page.getByTestId('screening-stats').waitFor();
    await expectAccessible(page, 'screener tab');
    if (SHOT_DIR) await page.screenshot({ path: `${SHOT_DIR}/screener-tab.png`, fullPage: true });
    // The preview, judged by the server on the answers typed there.
    await page.getByTestId('screener-preview').getByText('Sì, senza scopo di lucro').click();
    await page.getByTestId('screener-try').click();
    await page.getByTestId('screener-preview-result').getByText('Ammissibile', { exact: true }).waitFor();
    await context.close();
  });
});
