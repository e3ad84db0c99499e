import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

describe('webhooks and the embeddable call list', () => {
  const browser = useBrowser();

  it('an admin creates a webhook endpoint, copies its secret once, reads a delivery log and deletes it', async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, DEMO.admin, '/admin');
      await page.getByRole('link', { name: 'Webhook' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhook' }).waitFor();
      expect(await page.title()).toMatch(/^Webhook · /);
      await expectAccessible(page, 'webhooks page');

      // The demo's endpoint: its log shows the draft's event.
      const demo = page.getByRole('row').filter({ hasText: 'hooks.impact-demo.invalid' });
      await demo.getByRole('button', { name: 'Registro degli invii' }).click();
      await page.getByRole('heading', { level: 2, name: /Invii a https:\/\/hooks\.impact-demo\.invalid/ }).waitFor();
      await page.getByText('submission.started', { exact: true }).last().waitFor();
      await expectAccessible(page, 'webhook delivery log');

      // A private address is refused with a translated reason.
      await page.getByRole('textbox', { name: "URL dell'endpoint" }).fill('https://10.0.0.1/hook');
      await page.getByRole('checkbox', { name: /report\.submitted/ }).check();
      await page.getByRole('button', { name: 'Crea endpoint' }).click();
      await page.getByText('Questo indirizzo porta a una rete privata o locale').waitFor();

      const url = `https://93.184.216.34/hooks/${Date.now().toString(36)}`;
      await page.getByRole('textbox', { name: "URL dell'endpoint" }).fill(url);
      // Only report.submitted (nothing emits it yet): the journey sends nothing out.
      await page.getByRole('checkbox', { name: /submission\.submitted/ }).uncheck();
      await page.getByRole('button', { name: 'Crea endpoint' }).click();
      const secret = page.getByRole('status').filter({ hasText: 'copia ora il segreto' });
      await secret.waitFor();
      expect(await secret.locator('code').textContent()).toMatch(/^whsec_/);
      await secret.getByRole('button', { name: 'Copia il segreto' }).waitFor();
      await expectAccessible(page, 'webhook secret shown once');
      await secret.getByRole('button', { name: "L'ho conservato" }).click();
      await expect(page.getByText(/^whsec_/).count()).resolves.toBe(0);

      const row = page.getByRole('row').filter({ hasText: url });
      await row.getByRole('button', { name: 'Elimina' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
      await page.getByText('Endpoint eliminato.').waitFor();
      await expect(page.getByRole('row').filter({ hasText: url }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the configuration page lists the sites allowed to embed and gives the snippet; the embed page answers with them', async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, DEMO.admin, '/admin?tab=customize');
      await page
        .getByTestId('config-row')
        .first()
        .getByRole('link', { name: /^Modifica/ })
        .click();
      const origins = page.getByRole('textbox', { name: "Siti autorizzati a incorporare l'elenco dei bandi" });
      await origins.waitFor();
      expect(await origins.inputValue()).toContain('https://www.example.org');
      // In the language it is written in: the list under an Italian title is the Italian one.
      await page.getByText('/embed/calls?lang=it" title="Bandi aperti"').waitFor();
      await page.getByRole('button', { name: 'Copia il codice' }).waitFor();
      await expectAccessible(page, 'configuration with embed origins');
      // A site written without https on the second line: the error says which line and what it holds.
      await origins.fill('https://www.example.org\nwww.partner.it/bandi');
      await page.getByRole('button', { name: 'Salva' }).click();
      await page.getByText('Riga 2 (www.partner.it/bandi): Ogni sito deve essere un indirizzo https').waitFor();

      const embed = await page.request.get('/embed/calls');
      expect(embed.status()).toBe(200);
      expect(embed.headers()['content-security-policy']).toContain('frame-ancestors https://www.example.org');
      await page.goto('/embed/calls');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page, 'embedded call list');
    } finally {
      await context.close();
    }
  });
});
