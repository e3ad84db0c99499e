import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A logo that tries to run script: the server keeps the circle and drops the rest. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert(1)"><script>alert(2)</script><circle cx="20" cy="20" r="18" fill="#c2255c"/></svg>',
);

type Config = { id: string; name: string; isActive: boolean };

describe('branding, admin files, e-mail to applicants and the audit trail', () => {
  const browser = useBrowser();

  it('an admin brands the site, gives a call a file, writes to its applicants, and finds it all in the audit trail', async () => {
    const suffix = Date.now().toString(36);
    const brand = `Fondazione Aurora ${suffix}`;
    const admin = await apiAs(browser.baseUrl, DEMO.admin);
    const original = (await admin<Config[]>('Config/GetConfigList')).find((c) => c.isActive);
    const { context, page } = await browser.newPage();
    const visitor = await browser.newPage();
    try {
      // A second configuration with another logo, name and message.
      await signIn(page, DEMO.admin, '/admin?tab=customize');
      await page.getByTestId('config-list').waitFor();
      await expectAccessible(page, 'admin customize tab');
      await page.getByRole('link', { name: 'Nuova configurazione' }).click();
      await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(brand);
      await page
        .getByRole('textbox', { name: 'Messaggio di benvenuto', exact: true })
        .fill('Benvenuti nei bandi di Aurora.');
      await page.getByRole('textbox', { name: 'Messaggio di benvenuto in inglese' }).fill('Welcome to Aurora’s calls.');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
      await page.getByTestId('logo-preview').waitFor();
      await expectAccessible(page, 'branding editor with a logo');
      expect(await page.getByTestId('logo-preview').evaluate((img) => img.getBoundingClientRect().width)).toBe(64);
      await page.getByRole('button', { name: 'Salva' }).click();
      await page.getByText('Configurazione salvata').last().waitFor();

      // Activate it: the welcome page changes for a visitor on the next load.
      const row = page.getByTestId('config-row').filter({ hasText: brand });
      await row.getByRole('button', { name: 'Attiva' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Attiva' }).click();
      await row.getByText('Attiva', { exact: true }).waitFor();
      await visitor.page.goto('/');
      await visitor.page.getByRole('heading', { level: 1, name: new RegExp(brand) }).waitFor();
      await visitor.page.getByText('Benvenuti nei bandi di Aurora.').waitFor();
      await expectAccessible(visitor.page, 'branded welcome');
      const logo = visitor.page.getByRole('main').getByRole('img', { name: brand });
      const src = (await logo.getAttribute('src')) ?? '';
      expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const svg = Buffer.from(src.split(',')[1] ?? '', 'base64').toString('utf8');
      expect(svg).toContain('<circle');
      expect(svg).not.toMatch(/script|onload|alert/);
      await visitor.page.getByTestId('language-select').waitFor();
      // A visitor reading English gets the English message, then Italian again.
      for (const [label, message] of [
        ['English', 'Welcome to Aurora’s calls.'],
        ['Italiano', 'Benvenuti nei bandi di Aurora.'],
      ] as const) {
        await Promise.all([
          visitor.page.waitForEvent('load'),
          visitor.page.getByTestId('language-select').selectOption({ label }),
        ]);
        await visitor.page.getByText(message).waitFor();
      }

      // Language selection off: the selector is gone on the next load.
      await row.getByRole('link', { name: `Modifica: ${brand}` }).click();
      await page.getByRole('switch', { name: 'Mostra il selettore della lingua' }).uncheck();
      await page.getByRole('switch', { name: 'Selezione delle organizzazioni' }).uncheck();
      // The first save's notice may still be showing: wait for this save's own answer.
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/Config/UpsertConfig') && r.ok()),
        page.getByRole('button', { name: 'Salva' }).click(),
      ]);
      await visitor.page.reload();
      await visitor.page.getByRole('heading', { level: 1, name: new RegExp(brand) }).waitFor();
      expect(await visitor.page.getByTestId('language-select').count()).toBe(0);

      const callName = `Bando Aurora ${suffix}`;
      const { callId } = await createCallWithTextAndUpload(browser.baseUrl, callName);

      // organizationSelection off: with no organization, Submit opens the register dialog (SPEC 2).
      const newcomer = await browser.newPage();
      const person = {
        firstName: 'Nina',
        lastName: 'Neri',
        email: uniqueEmail('nina'),
        password: 'una frase lunga e sicura',
      };
      await registerAndVerify(newcomer.page, person);
      await signIn(newcomer.page, person);
      await newcomer.page
        .getByTestId('call-card')
        .filter({ hasText: callName })
        .getByRole('button', { name: 'Candidati' })
        .click();
      await newcomer.page.getByRole('dialog').getByRole('button', { name: 'Registra e continua' }).waitFor();
      await expectAccessible(newcomer.page, 'register-organization dialog');
      await newcomer.context.close();

      // A call's custom file, uploaded from the call editor.
      await page.goto(`/admin/calls/${callId}`);
      await page.getByRole('tab', { name: 'File per i candidati' }).click();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: `guida-${suffix}.png`, mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('custom-file-current').getByText(`guida-${suffix}.png`).waitFor();
      await expectAccessible(page, 'call editor, custom file tab');

      // The applicant submits (through the API, as the wizard would) and downloads it from the card.
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
      const submission = await me<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
        callId,
        organizationId: orgId,
      });
      const call = await admin<{ steps: Array<{ id: string }> }>(`Call/GetCallByIdAdmin?callId=${callId}`);
      await me('Call/UpsertCallStepResult', 'POST', {
        callSubmissionId: submission.id,
        stepId: call.steps[0]?.id,
        content: JSON.stringify({ answer: 'Il nostro progetto' }),
        version: 0,
      });
      const form = new FormData();
      form.set('submissionId', submission.id);
      form.set('stepId', call.steps[1]?.id ?? '');
      form.set('Nome', 'Budget');
      form.set('Descrizione', 'Budget');
      form.set('File', new Blob([PDF], { type: 'application/pdf' }), 'budget.pdf');
      await me('FileUpload/UploadFile', 'POST', form);
      await me('Call/CloseCallSubmission', 'POST', { submissionId: submission.id });

      const applicant = await browser.newPage();
      await signIn(applicant.page, DEMO.applicant);
      const card = applicant.page.getByTestId('call-card').filter({ hasText: callName });
      const [download] = await Promise.all([
        applicant.page.waitForEvent('download'),
        card.getByTestId('download-custom-file').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`guida-${suffix}.png`);
      await applicant.context.close();

      // An e-mail to the applicants who submitted, with the count shown first; it lands in the outbox.
      await page.getByRole('tab', { name: 'E-mail' }).click();
      await page.locator('label', { hasText: 'Candidature inviate' }).click();
      await page.getByTestId('recipient-count').getByText('Lo riceverà 1 persona.').waitFor();
      await expectAccessible(page, 'call editor, e-mail tab');
      const subject = `Esito del bando ${suffix}`;
      await page.getByRole('textbox', { name: 'Oggetto' }).fill(subject);
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('Grazie per la vostra candidatura.');
      // An English version too, written with the editor's language switch; Italian readers keep theirs.
      await page.locator('label', { hasText: 'English' }).first().click();
      await page.getByText('Stai scrivendo la versione per chi legge in inglese').waitFor();
      await page.getByRole('textbox', { name: 'Oggetto' }).fill(`Outcome ${suffix}`);
      await page.locator('label', { hasText: 'Italiano' }).first().click();
      expect(await page.getByRole('textbox', { name: 'Oggetto' }).inputValue()).toBe(subject);
      await page.getByRole('button', { name: 'Invia' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Invia' }).click();
      await page.getByText('E-mail in invio a 1 persona').waitFor();
      await page.goto('/dev/outbox');
      const mail = page.locator('article.mail', { hasText: subject });
      await mail.getByText(`To: ${DEMO.applicant.email}`).waitFor();
      await mail.getByText('Grazie per la vostra candidatura.').waitFor();

      // All of it in the audit trail.
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Registro' }).click();
      await page.getByRole('heading', { name: 'Registro delle modifiche' }).waitFor();
      await expectAccessible(page, 'audit log');
      const table = page.getByTestId('audit-table');
      for (const action of [
        'config.create',
        'config.activate',
        'config.update',
        'adminFile.upload',
        'call.customFile',
        'email.send',
      ]) {
        await table.locator(`[data-action="${action}"]`).first().waitFor();
      }
      await page.getByRole('combobox', { name: 'Azione' }).fill('E-mail inviata');
      await page.getByRole('option', { name: 'E-mail inviata ai candidati' }).click();
      await table.locator('[data-action="email.send"]').filter({ hasText: subject }).waitFor();
      // The filtered list replaces the full one a moment after the choice: wait for it.
      await expect
        .poll(() => table.locator('[data-testid="audit-row"]:not([data-action="email.send"])').count())
        .toBe(0);
    } finally {
      // Journeys share one app: put the original branding back for the next ones.
      if (original) await admin(`Config/ActivateConfig?configId=${original.id}`, 'POST');
      await visitor.context.close();
      await context.close();
    }
  });
});
