import type { Page } from 'playwright-core';

/** The accounts `npm start` seeds (apps/server/src/seed-demo.ts). */
export const DEMO = {
  admin: { email: 'admin@impact-calls.test', password: 'Admin-demo-2026', name: 'Anna Admin' },
  applicant: { email: 'applicant@impact-calls.test', password: 'Applicant-demo-2026', name: 'Marco Bianchi' },
  /** An editor in the applicant's organization. */
  colleague: { email: 'colleague@impact-calls.test', password: 'Colleague-demo-2026', name: 'Giulia Verdi' },
} as const;

/** Signs in through the embedded provider's page, as a person would, and waits for /calls. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Accedi' }).first().click();
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL('**/calls');
}

let counter = 0;
/** A unique address per call, so journeys never collide on accounts. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`;
}

/**
 * Registers a new account through the provider's page and confirms it with the link from the
 * development outbox. Leaves the browser on the "e-mail confirmed" page.
 */
export async function registerAndVerify(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Registrati' }).first().click();
  await page.getByLabel('Nome', { exact: true }).fill(person.firstName);
  await page.getByLabel('Cognome', { exact: true }).fill(person.lastName);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Ripeti la password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.getByRole('heading', { name: 'Controlla la tua e-mail' }).waitFor();
  await page.goto('/dev/outbox');
  const mail = page.locator('article.mail', { hasText: person.email }).first();
  await mail.getByRole('link', { name: 'Conferma e-mail' }).click();
  await page.getByRole('heading', { name: 'E-mail confermata' }).waitFor();
}
