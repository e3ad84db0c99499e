import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { useBrowser } from '../support/journey';
import { DEMO, signIn } from '../support/sign-in';

/**
 * The admin jobs page (decision 0040): reached from the admin index, titled, its filters labelled,
 * and the jobs the running app's queue has done (the tally fold runs every minute) listed.
 */
describe('background jobs page', () => {
  const browser = useBrowser();

  it('an admin finds the background jobs from the admin index and filters them', async () => {
    const { context, page } = await browser.newPage();
    try {
      await signIn(page, DEMO.admin, '/admin');
      await page.getByRole('link', { name: 'Job in background' }).click();
      await page.getByRole('heading', { level: 1, name: 'Job in background' }).waitFor();
      await expect.poll(() => page.title()).toContain('Job in background');
      // The app's queue folds the report tallies every minute: a job shows within about one.
      const table = page.getByTestId('jobs-table');
      for (let i = 0; i < 8 && !(await table.isVisible()); i++) {
        await page.waitForTimeout(10_000);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Job in background' }).waitFor();
      }
      await table.waitFor();
      await expectAccessible(page, 'admin jobs page');
      await page.getByRole('combobox', { name: 'Stato' }).click();
      await page.getByRole('option', { name: 'Completato' }).click();
      await expect.poll(async () => page.getByTestId('job-row').first().getAttribute('data-state')).toBe('completed');
    } finally {
      await context.close();
    }
  });
});
