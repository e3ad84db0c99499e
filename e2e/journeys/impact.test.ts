import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

const SAMPLE = path.resolve(import.meta.dirname, '../../docs/sample-impact-framework.xlsx');
const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });
const next = (page: Page) => page.getByRole('button', { name: 'Avanti' }).click();

describe('impact design', () => {
  const browser = useBrowser();

  it('admin imports the sample framework; an applicant walks the six parts of the impact step, sees the SROI range, submits', async () => {
    const stamp = Date.now().toString(36);

    // The admin creates a framework from the sample workbook, previewed before saving.
    const admin = await browser.newPage();
    await signIn(admin.page, DEMO.admin, '/admin/impact-framework');
    const create = admin.page.getByRole('button', { name: 'Crea framework' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await field(admin.page, /^Nome/).fill(`Framework ${stamp}`);
    await field(admin.page, /^Descrizione/).fill('Esiti del terzo settore');
    await admin.page.locator('input[type=file]').setInputFiles(SAMPLE);
    await admin.page.getByText(/Letti \d+ esiti e \d+ stakeholder/).waitFor();
    await admin.page.getByRole('tab', { name: /Stakeholder/ }).waitFor();
    await expectAccessible(admin.page, 'framework import preview');
    await create.click();
    await admin.page.waitForURL(/\/admin\/impact-framework\/[0-9a-f-]{36}$/);
    const frameworkId = admin.page.url().split('/').pop() ?? '';
    await admin.page.getByRole('tab', { name: /Stakeholder/ }).click();
    await admin.page.getByRole('cell', { name: 'Giovani NEET' }).waitFor();
    await expectAccessible(admin.page, 'framework detail');
    await admin.context.close();

    // A call with an impact step on it, built through the admin API.
    const api = await apiAs(browser.baseUrl);
    const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
      name: `Impatto ${stamp}`,
      description: 'Impatto',
      steps: [
        {
          name: 'Il tuo impatto',
          description: '',
          content: JSON.stringify({ frameworkId }),
          sort: 0,
          stepTypeId: types.find((t) => t.name === 'miniDyi')?.id,
        },
      ],
    });
    const day = 86_400_000;
    const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
      name: `Bando Impatto ${stamp}`,
      description: '<p>Bando con passo di impatto.</p>',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });

    // The applicant, with an organization, opens the submission.
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    const org = await me<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: `Cooperativa Impatto ${stamp}`,
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

    // 1 introduction: the guidance.
    await page.getByText('Per ogni esito basta un indicatore e una proxy').waitFor();
    await expectAccessible(page, 'impact: introduction');
    await next(page);
    // 2 budget: a zero budget explains there is no ratio.
    await page.waitForURL(/\/0\/1$/);
    await field(page, /^Budget richiesto/).fill('0');
    await page.getByTestId('sroi-no-budget').waitFor();
    await expectAccessible(page, 'impact: budget');
    await field(page, /^Budget richiesto/).fill('100000');
    await next(page);
    // 3 SDGs: cards of the 17 goals, up to 4.
    await page.waitForURL(/\/0\/2$/);
    // Each part has its own address and names itself in the page's title.
    await expect.poll(() => page.title()).toMatch(/^Obiettivi di sviluppo sostenibile · /);
    await page.getByRole('checkbox', { name: /^8\. Lavoro dignitoso/ }).check();
    await expectAccessible(page, 'impact: SDGs');
    await next(page);
    // 4 outcomes: Next is blocked until the outcome has a stakeholder.
    await page.waitForURL(/\/0\/3$/);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/Call/UpsertCallStepResult') && r.request().method() === 'POST',
    );
    await page.getByRole('checkbox', { name: /^Inserimento lavorativo/ }).check();
    // Saved without its stakeholder (still to pick): a reload keeps it.
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: /^Inserimento lavorativo/ }).isChecked()).toBe(true);
    await next(page);
    await page
      .getByTestId('step-problems')
      .getByText('Controlla di aver selezionato almeno uno stakeholder per ogni esito.')
      .waitFor();
    await expectAccessible(page, 'impact: outcomes with a problem');
    expect(page.url()).toMatch(/\/0\/3$/);
    await page.getByRole('combobox', { name: /^Stakeholder per «Inserimento lavorativo/ }).click();
    await page.getByRole('option', { name: 'Giovani NEET' }).click();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await next(page);
    // 5 indicators: check one, its proxy value comes from the framework; a target is required.
    await page.waitForURL(/\/0\/4$/);
    await page.getByRole('checkbox', { name: /^Persone assunte con contratto/ }).check();
    await expect
      .poll(() =>
        field(page, /^Valore della proxy/)
          .first()
          .inputValue(),
      )
      .toContain('14.000');
    await next(page);
    await page
      .getByTestId('step-problems')
      .getByText("Inserisci l'obiettivo di ogni indicatore selezionato.")
      .waitFor();
    // Inflated values: the over-8 warning.
    await field(page, /^Obiettivo annuo/).fill('500');
    await page.getByTestId('sroi-warning').waitFor();
    await expectAccessible(page, 'impact: indicators with the SROI warning');
    // Realistic ones: 5 people × €14,000 a year on €100,000 → central ≈ 1.96.
    await field(page, /^Obiettivo annuo/).fill('5');
    await expect.poll(() => page.getByTestId('sroi-warning').count()).toBe(0);
    await expect.poll(() => page.getByTestId('sroi-central').textContent()).toBe('1,96');
    await page
      .getByTestId('sroi-range')
      .getByText(/Intervallo SROI: \d,\d\d – 1,96 – 2,10/)
      .waitFor();
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    // The answers survive a reload.
    await page.reload();
    await expect.poll(() => field(page, /^Obiettivo annuo/).inputValue()).toBe('5');
    await next(page);
    // 6 custom outcome: up to 3, with its own indicator.
    await page.waitForURL(/\/0\/5$/);
    await page.getByRole('button', { name: 'Aggiungi esito personalizzato' }).click();
    const custom = page.getByTestId('custom-outcome');
    await custom.getByRole('textbox', { name: /^Nome dell'esito/ }).fill('Volontariato dei giovani');
    await custom.getByRole('combobox', { name: /^Stakeholder per/ }).click();
    await page.getByRole('option', { name: 'Comunità locale' }).click();
    await custom.getByRole('textbox', { name: /^Indicatore/ }).fill('Ore di volontariato');
    await custom.getByRole('textbox', { name: /^Obiettivo annuo/ }).fill('200');
    await custom.getByRole('textbox', { name: /^Proxy finanziaria/ }).fill('Costo orario');
    await custom.getByRole('textbox', { name: /^Valore della proxy/ }).fill('15');
    await expectAccessible(page, 'impact: custom outcomes');
    await page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
    await page.getByRole('button', { name: 'Aggiungi esito personalizzato' }).click();
    await page.getByRole('button', { name: 'Aggiungi esito personalizzato' }).click();
    expect(await page.getByRole('button', { name: 'Aggiungi esito personalizzato' }).isDisabled()).toBe(true);
    // Two unfinished ones removed again.
    await page.getByRole('button', { name: 'Rimuovi' }).last().click();
    await page.getByRole('button', { name: 'Rimuovi' }).last().click();

    await page.getByRole('button', { name: 'Invia la candidatura' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sì, invia' }).click();
    await page.getByRole('heading', { name: 'Grazie, candidatura inviata!' }).waitFor();
    // The closing page shows the SROI range of what was submitted.
    await page.getByTestId('sroi-panel').waitFor();
    await expectAccessible(page, 'closing page with the SROI range');

    // Stored on the server: the answer and its SROI range.
    const stored = await me<{ answer: { selectedOutcomes: unknown[] }; score: number | null }>(
      `ImpactFramework/MiniDYI?submissionId=${submission.id}&stepId=${(await me<{ steps: Array<{ id: string }> }>(`Call/GetCallById?callId=${call.id}`)).steps[0]?.id}`,
    );
    expect(stored.answer.selectedOutcomes).toHaveLength(2);
    expect(stored.score).toBeGreaterThan(1.9);

    // After a reload, read-only, the answers are still there.
    await page.goto(`/call/${submission.id}/0/4`);
    await expect.poll(() => field(page, /^Obiettivo annuo/).inputValue()).toBe('5');
    await context.close();
  });
});
