import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload, createOrganizationAs } from '../support/api';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

/** The call list and the admin submissions tab page on the server. */
describe('lists that page', () => {
  const browser = useBrowser();

  it('the call list is asked for once, shows 20 cards with the count and loads more; the admin pages submissions', async () => {
    const tag = Date.now().toString(36);
    const { api: admin } = await createCallWithTextAndUpload(browser.baseUrl, `Bando pagine ${tag} 00`);
    const [first] = await admin<Array<{ callTypeId: string }>>('Call/GetCallList');
    const day = 86_400_000;
    const callIds: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const call = await admin<{ id: string }>('Call/CreateCall', 'POST', {
        name: `Bando pagine ${tag} ${String(i).padStart(2, '0')}`,
        description: '<p>Un bando per provare le pagine.</p>',
        openingAt: new Date(Date.now() - day).toISOString(),
        closingAt: new Date(Date.now() + (40 + i) * day).toISOString(),
        callTypeId: first?.callTypeId,
      });
      callIds.push(call.id);
    }

    const { page } = await browser.newPage();
    const person = {
      firstName: 'Paolo',
      lastName: 'Pagine',
      email: uniqueEmail('paolo'),
      password: 'una frase lunga e sicura',
    };
    await registerAndVerify(page, person);
    // 51 submissions by one applicant, each from its own organization.
    const applicant = await apiAs(browser.baseUrl, person);
    for (let i = 0; i < 51; i++) {
      const org = await createOrganizationAs(applicant, `Ente pagine ${tag} ${i}`);
      await applicant('Call/UpsertCallSubmission', 'POST', {
        callId: callIds[i % callIds.length],
        organizationId: org.id,
      });
    }

    let listRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/Call/GetCallListUser')) listRequests += 1;
    });
    await signIn(page, person);
    await page.waitForLoadState('networkidle');
    expect(listRequests).toBe(1);
    await expect.poll(() => page.getByTestId('call-card').count()).toBe(20);
    await expectAccessible(page, 'calls, first page');
    const count = page.getByTestId('calls-count');
    const total = Number((await count.textContent())?.match(/su (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(22);
    expect(await count.textContent()).toContain('Mostrati 20 bandi');
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(2000);
    await page.getByRole('button', { name: 'Mostra altri bandi' }).click();
    await expect.poll(() => page.getByTestId('call-card').count()).toBe(Math.min(40, total));

    const { page: adminPage } = await browser.newPage();
    await signIn(adminPage, DEMO.admin, '/admin?tab=submissions');
    const range = adminPage.getByTestId('submissions-range');
    await expect.poll(() => range.textContent()).toMatch(/^1–50 di \d+$/);
    await expectAccessible(adminPage, 'admin submissions, first page');
    await expect.poll(() => adminPage.getByTestId('submission-row').count()).toBe(50);
    await adminPage.getByRole('button', { name: 'Successivi' }).click();
    await expect.poll(() => range.textContent()).toMatch(/^51–\d+ di \d+$/);
    await adminPage.getByRole('button', { name: 'Precedenti' }).click();
    await expect.poll(() => range.textContent()).toMatch(/^1–50 di/);
    await adminPage.getByLabel('Cerca organizzazione, utente o riferimento').fill(`Ente pagine ${tag} 1`);
    // Ente … 1 and 10–19: eleven organizations.
    await expect.poll(() => range.textContent()).toBe('1–11 di 11');
  });
});
