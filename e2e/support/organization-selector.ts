import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The side panel's "Stai lavorando per": the browser's own select, named by its label. */
export function organizationSelector(page: Page | Locator): Locator {
  return page.getByRole('combobox', { name: 'Stai lavorando per' });
}

/** The name of the organization the select shows as chosen ('' while the list loads). */
export function selectedOrganization(selector: Locator): Promise<string> {
  return selector.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

/**
 * Chooses the organization the user works for in the side panel. A choice made while the
 * remembered selection is still being restored can be overwritten, so it is made again until it holds.
 */
export async function chooseOrganization(page: Page, orgName: string) {
  const selector = organizationSelector(page);
  await expect.poll(() => selectedOrganization(selector), { timeout: 15_000 }).not.toBe('');
  for (let attempt = 1; ; attempt++) {
    try {
      await selector.selectOption({ label: orgName });
      await expect.poll(() => selectedOrganization(selector), { timeout: 5_000 }).toBe(orgName);
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
}
