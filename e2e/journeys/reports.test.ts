import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

const SURVEY = {
  pages: [
    {
      elements: [
        { type: 'rating', name: 'nps', title: 'Quanto ci raccomanderesti?', rateMin: 0, rateMax: 10 },
        { type: 'comment', name: 'why', title: 'Perché?' },
      ],
    },
  ],
};

const impact = (sdg: number[], budget: number, proxy: number, stakeholderId: string) => ({
  budget,
  budgetSpent: 0,
  sdg,
  selectedOutcomes: [
    {
      outcomeId: null,
      sdg: null,
      outcomeName: 'Nuovi posti di lavoro',
      stakeholderId,
      stakeholderName: 'Giovani',
      customKey: 'Abcdefghijk1',
      indicators: [
        {
          indicatorId: '',
          indicatorName: 'Persone',
          indicatorTargetValue: 10,
          proxyId: '',
          proxyName: 'Valore',
          proxyValue: proxy,
        },
      ],
    },
  ],
});

describe('reports', () => {
  const browser = useBrowser();

  it('admin sees NPS 0 from answers 9, 7, 3, the SDGs and SROI of the dashboard, and exports one CSV row per submission', async () => {
    const stamp = Date.now().toString(36);
    const api = await apiAs(browser.baseUrl);
    const types = await api<Array<{ id: string; name: string }>>('Step/GetStepTypes');
    const typeId = (n: string) => types.find((t) => t.name === n)?.id;
    // The impact step's framework: its stakeholder is the one the answers name.
    const framework = await api<{ id: string; stakeholders: Array<{ id: string }> }>(
      'ImpactFramework/AddImpactFrameworkSet',
      'PUT',
      {
        name: `Lavoro ${stamp}`,
        description: 'Lavoro',
        stakeholders: [{ name: 'Giovani', description: '' }],
        outcomes: [
          {
            name: 'Occupazione',
            description: '',
            sdg: [3],
            indicators: [
              {
                name: 'Assunti',
                description: '',
                proxies: [{ name: 'Salario', defaultValue: 1000, sourceName: '', sourceUrl: '' }],
              },
            ],
          },
        ],
      },
    );
    const giovani = framework.stakeholders[0]?.id ?? '';
    const callType = await api<{ id: string }>('Call/CreateCallType', 'POST', {
      name: `Report ${stamp}`,
      description: 'Report',
      steps: [
        {
          name: 'Soddisfazione',
          description: '',
          content: JSON.stringify(SURVEY),
          sort: 0,
          stepTypeId: typeId('survey'),
        },
        {
          name: 'Impatto',
          description: '',
          content: JSON.stringify({ frameworkId: framework.id }),
          sort: 1,
          stepTypeId: typeId('miniDyi'),
        },
      ],
    });
    const day = 86_400_000;
    const call = await api<{ id: string }>('Call/CreateCall', 'POST', {
      name: `Bando Report ${stamp}`,
      description: '<p>Bando per il report.</p>',
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + 30 * day).toISOString(),
      callTypeId: callType.id,
    });
    const full = await api<{ steps: Array<{ id: string }> }>(`Call/GetCallByIdAdmin?callId=${call.id}`);
    const [surveyStep, impactStep] = full.steps;

    // Three organizations answer and submit: NPS 9, 7 and 3; SDG 3 for all, SDG 5 for one.
    const me = await apiAs(browser.baseUrl, DEMO.applicant);
    for (const [i, nps] of [9, 7, 3].entries()) {
      const org = await me<{ id: string }>('Organization/CreateOrganization', 'POST', {
        name: `Ente Report ${stamp} ${i}`,
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
      const sub = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
        callId: call.id,
        organizationId: org.id,
      });
      for (const [stepId, content] of [
        [surveyStep?.id, { nps, why: `Motivo ${i}` }],
        [impactStep?.id, impact(i === 0 ? [3, 5] : [3], 10_000, i === 2 ? 5000 : 100, giovani)],
      ] as const) {
        await me('Call/UpsertCallStepResult', 'POST', {
          callSubmissionId: sub.id,
          stepId,
          content: JSON.stringify(content),
          version: 0,
        });
      }
      await me('Call/CloseCallSubmission', 'POST', { submissionId: sub.id });
    }

    const { context, page } = await browser.newPage();
    await signIn(page, DEMO.admin);
    /**
     * By keyboard through every chart card: focus never lands inside a picture hidden from screen
     * readers (axe aria-hidden-focus), and the page passes axe where focus ends.
     */
    const tabThroughCharts = async (screen: string) => {
      const cards = page.locator('.mantine-Card-root', { has: page.getByRole('radiogroup') });
      await cards.first().getByRole('radio').first().focus();
      const stops = (await cards.count()) * 3;
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press('Tab');
        const hidden = await page.evaluate(() => Boolean(document.activeElement?.closest('[aria-hidden="true"]')));
        expect(hidden, `focus inside a hidden chart on ${screen}`).toBe(false);
      }
      await expectAccessible(page, screen);
    };

    // Survey results: the list of survey steps, then the NPS figures.
    await page.goto(`/admin/report-list/${call.id}/${callType.id}`);
    await page.getByRole('link', { name: 'Report di Soddisfazione' }).click();
    await page.waitForURL(`**/admin/report/${call.id}/${surveyStep?.id}`);
    await page.getByText('3 risposte').waitFor({ timeout: 30_000 });
    await page.getByText('NPS 0', { exact: true }).waitFor();
    for (const text of ['1 promotore', '1 passivo', '1 detrattore'])
      await page.getByText(text, { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Motivo 1' }).waitFor();
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/report-survey.png`, fullPage: true });
    await tabThroughCharts('survey report');

    // The dashboard of the call in the report tab.
    await page.goto('/admin?tab=report');
    const pick = page
      .getByRole('combobox', { name: 'Bando' })
      .or(page.getByRole('textbox', { name: 'Bando' }))
      .first();
    await pick.click();
    await pick.fill(`Bando Report ${stamp}`);
    await page.getByRole('option', { name: `Bando Report ${stamp}` }).click();
    const sdgCard = page.locator('.mantine-Card-root', {
      has: page.getByRole('heading', { name: 'Copertura degli SDG' }),
    });
    await sdgCard.getByText('Tabella').click();
    // The table names each goal in words, the bars by number.
    await sdgCard.getByRole('row', { name: /^3\. Salute e benessere 3 / }).waitFor({ timeout: 30_000 });
    await sdgCard.getByRole('row', { name: /^5\. Parità di genere 1 / }).waitFor();
    // SROI: one answer with a ratio far above 8 is flagged.
    await page.getByText('1 sopra 8: da verificare').waitFor();
    if (process.env.SHOT_DIR)
      await page.screenshot({ path: `${process.env.SHOT_DIR}/report-dashboard.png`, fullPage: true });
    await tabThroughCharts('call dashboard');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Esporta CSV' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Soddisfazione · Quanto ci raccomanderesti?');
    await context.close();
  });
});
