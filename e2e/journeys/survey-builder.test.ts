import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/** SurveyJS's public NPS example, as the builder's unit tests hold it. */
const NPS_EXAMPLE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../apps/web/src/features/surveys/builder/fixtures/nps.json'),
  'utf8',
);

/** Presses a key until the focused element is the one wanted, as a keyboard user would. */
async function pressUntil(page: Page, key: string, target: Locator, max = 60) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`could not reach ${target} with ${key} in ${max} presses`);
}

/** WCAG 1.4.10: what sticks out past the right edge (so the page would scroll sideways), named. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} ${el.innerText?.slice(0, 30) ?? ''}`,
      )
      .slice(0, 10);
  });

describe('the visual survey builder', () => {
  const browser = useBrowser();

  it('admin builds a two-page survey with a limit and a condition without the JSON tab; the applicant meets both', async () => {
    const suffix = Date.now().toString(36);
    const { context: adminContext, page } = await browser.newPage();
    await signIn(page, DEMO.admin, '/admin/survey/creator');
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(`Costruito ${suffix}`);
    await page.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Dal builder visuale');
    const builder = page.getByTestId('survey-builder');
    const announcer = page.getByTestId('builder-announcer');

    // Keyboard only: a required single choice with options pasted as a list.
    const addOnPage1 = builder.locator('[data-add-to="0"]');
    await pressUntil(page, 'Tab', addOnPage1);
    await page.keyboard.press('Enter');
    await pressUntil(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Scelta singola' }));
    await page.keyboard.press('Enter');
    await announcer.getByText('Domanda «Scelta singola» aggiunta.').waitFor();
    const titleOfFirst = builder.locator('#q-question1-title');
    await expect.poll(() => titleOfFirst.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('In quale settore operate?');
    await pressUntil(page, 'Tab', builder.locator('#q-question1-required'));
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) {
      await pressUntil(page, 'Tab', builder.getByRole('button', { name: /^Rimuovi «Opzione/ }).first());
      await page.keyboard.press('Enter');
    }
    await pressUntil(page, 'Tab', builder.getByRole('textbox', { name: 'Aggiungi più voci' }).first());
    await page.keyboard.type('Sociale\nAmbiente\nCultura');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await builder.getByRole('textbox', { name: 'Opzione 3' }).first().waitFor();
    expect(await builder.getByRole('textbox', { name: 'Opzione 1' }).first().inputValue()).toBe('Sociale');

    // A multiple choice with at most two selections and its message.
    await addOnPage1.click();
    await page.getByRole('menuitem', { name: 'Scelta multipla' }).click();
    await builder.locator('#q-question2-title').fill('Cosa apprezzate di più?');
    await builder.locator('#q-question2-max').fill('2');
    await builder.locator('#q-question2-max-message').fill('Al massimo due risposte');

    // Page 2: a rating 0-10 and a comment shown only under 7.
    await builder.getByRole('button', { name: 'Aggiungi una pagina' }).click();
    await announcer.getByText('Pagina 2 aggiunta.').waitFor();
    const addOnPage2 = builder.locator('[data-add-to="1"]');
    await addOnPage2.click();
    await page.getByRole('menuitem', { name: 'Valutazione' }).click();
    await builder.locator('#q-question3-title').fill('Quanto consigliereste il bando?');
    await addOnPage2.click();
    await page.getByRole('menuitem', { name: 'Testo lungo' }).click();
    await builder.locator('#q-question4-title').fill('Cosa possiamo migliorare?');

    // Moves are buttons, announced, and focus stays on the moved question.
    await builder.getByRole('button', { name: 'Sposta su «Cosa possiamo migliorare?»' }).click();
    await announcer.getByText('«Cosa possiamo migliorare?» spostata in posizione 1 nella pagina 2.').waitFor();
    await builder.getByRole('button', { name: 'Sposta giù «Cosa possiamo migliorare?»' }).click();
    await announcer.getByText('«Cosa possiamo migliorare?» spostata in posizione 2 nella pagina 2.').waitFor();

    const comment = builder.locator('#q-question4');
    await comment.getByRole('switch', { name: 'Mostra solo se…' }).check();
    await comment.getByRole('combobox', { name: 'Domanda (condizione 1)' }).click();
    await page.getByRole('option', { name: 'Quanto consigliereste il bando?' }).click();
    await comment.getByRole('combobox', { name: 'Confronto (condizione 1)' }).click();
    await page.getByRole('option', { name: 'è minore di', exact: true }).click();
    await comment.getByRole('textbox', { name: 'Valore (condizione 1)' }).fill('7');
    await comment.getByText('{question3} < 7').waitFor();

    // Accessible, editable at 1024 px, readable at 320 px.
    await page.setViewportSize({ width: 1024, height: 900 });
    await expectAccessible(page, 'survey builder');
    // Polled: the layout answers a new viewport a few frames later.
    await expect.poll(() => overflowing(page)).toEqual([]);
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/survey-builder-1024.png`, fullPage: true });
    await page.setViewportSize({ width: 320, height: 800 });
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/survey-builder-320.png`, fullPage: true });
    // Polled: the layout answers a new viewport a few frames later.
    await expect.poll(() => overflowing(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Salva questionario' }).click();
    await page.waitForURL(/\/admin\/survey\/creator\?id=[0-9a-f-]{36}$/);
    const surveyTypeId = new URL(page.url()).searchParams.get('id') ?? '';

    // The JSON tab shows the model the builder wrote.
    await builder.getByRole('tab', { name: 'JSON' }).click();
    const model = JSON.parse(await page.getByTestId('survey-json').inputValue());
    expect(model).toEqual({
      pages: [
        {
          name: 'page1',
          elements: [
            {
              type: 'radiogroup',
              choices: ['Sociale', 'Ambiente', 'Cultura'],
              name: 'question1',
              title: 'In quale settore operate?',
              isRequired: true,
            },
            {
              type: 'checkbox',
              choices: ['Opzione 1', 'Opzione 2', 'Opzione 3'],
              name: 'question2',
              title: 'Cosa apprezzate di più?',
              maxSelectedChoices: 2,
              validators: [{ type: 'answercount', maxCount: 2, text: 'Al massimo due risposte' }],
            },
          ],
        },
        {
          name: 'page2',
          elements: [
            {
              type: 'rating',
              rateMin: 0,
              rateMax: 10,
              displayMode: 'buttons',
              name: 'question3',
              title: 'Quanto consigliereste il bando?',
            },
            { type: 'comment', name: 'question4', title: 'Cosa possiamo migliorare?', visibleIf: '{question3} < 7' },
          ],
        },
      ],
    });
    const api = await apiAs(browser.baseUrl);
    const saved = await api<{ model: string }>(`SJSurvey/GetSurveyType?id=${surveyTypeId}`);
    expect(JSON.parse(saved.model)).toEqual(model);

    // A public SurveyJS example pasted in the JSON tab comes back unchanged through the builder.
    await page.getByTestId('survey-json').fill(NPS_EXAMPLE);
    await builder.getByRole('tab', { name: 'Editor visuale' }).click();
    await builder.getByRole('heading', { name: /On a scale of zero to ten/ }).waitFor();
    await builder.getByRole('tab', { name: 'JSON' }).click();
    expect(await page.getByTestId('survey-json').inputValue()).toBe(NPS_EXAMPLE);
    await adminContext.close();

    // The applicant answers the saved survey: required, the limit of two, the condition under 7.
    const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const typeId = (n: string) => types.find((x) => x.name === n)?.id;
    const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
      name: `Builder ${suffix}`,
      description: 'Builder',
      steps: [{ name: 'Questionario', description: '', content: saved.model, sort: 0, stepTypeId: typeId('survey') }],
    });
    const day = 86_400_000;
    const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
      name: `Bando builder ${suffix}`,
      description: '',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });
    const mine = await apiAs(browser.baseUrl, DEMO.applicant);
    const org = await mine<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: `Cooperativa Builder ${suffix}`,
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Sara',
      contact_surname: 'Neri',
      contact_role: 'Presidente',
      contact_email: 'sara@example.org',
      personalData: true,
    });
    const submission = await mine<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId: call.id,
      organizationId: org.id,
    });
    const applicant = await browser.newPage();
    await signIn(applicant.page, DEMO.applicant, `/call/${submission.id}/0/0`);
    const step = applicant.page.getByTestId('survey-step');
    await step.getByText('In quale settore operate?').first().waitFor();
    const next = step.locator('.sd-navigation__next-btn');
    await next.click();
    await step.getByText('Campo obbligatorio').first().waitFor();
    await step.getByText('Ambiente', { exact: true }).click();
    await step.getByText('Opzione 1', { exact: true }).click();
    await step.getByText('Opzione 2', { exact: true }).click();
    await expect.poll(() => step.getByRole('checkbox', { name: 'Opzione 3' }).isDisabled()).toBe(true);
    await next.click();
    await step.getByText('Quanto consigliereste il bando?').first().waitFor();
    const improve = step.getByText('Cosa possiamo migliorare?');
    const rate = (n: number) =>
      step
        .locator('.sd-rating__item')
        .filter({ hasText: new RegExp(`^${n}$`) })
        .click();
    expect(await improve.count()).toBe(0);
    await rate(9);
    expect(await improve.count()).toBe(0);
    await rate(5);
    await improve.first().waitFor();
    await rate(7);
    await improve.first().waitFor({ state: 'detached' });
    await applicant.context.close();
  });
});
