import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Chooses the organization the user works for in the side panel ("Stai lavorando per"). With more
 * than eight organizations the selector is searchable and names share prefixes, so the name is
 * typed and matched exactly. A click that lands while the remembered selection is still being
 * restored is lost (the dropdown closes again), so the whole choice is retried until it holds.
 */
export async function chooseOrganization(page: Page, orgName: string) {
  const selector = page.getByRole('combobox', { name: 'Stai lavorando per' });
  await expect.poll(() => selector.inputValue(), { timeout: 15_000 }).not.toBe('');
  for (let attempt = 1; ; attempt++) {
    try {
      await selector.click();
      if (await selector.isEditable()) await selector.fill(orgName);
      await page.getByRole('option', { name: orgName, exact: true }).click({ timeout: 5_000 });
      await expect.poll(() => selector.inputValue(), { timeout: 5_000 }).toBe(orgName);
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
      await page.keyboard.press('Escape');
    }
  }
}
