import type { Page } from 'playwright-core';

/** The accounts `npm start` seeds (apps/server/src/seed-demo.ts). */
export const DEMO = {
  admin: { email: 'admin@impact-calls.test', password: 'Admin-demo-2026', name: 'Anna Admin' },
  applicant: { email: 'applicant@impact-calls.test', password: 'Applicant-demo-2026', name: 'Marco Bianchi' },
  /** An editor in the applicant's organization. */
  colleague: { email: 'colleague@impact-calls.test', password: 'Colleague-demo-2026', name: 'Giulia Verdi' },
} as const;

/**
 * Signs in at the embedded provider, then opens `to` (/calls, where a sign-in lands, unless told)
 * signed in. The start, the provider's form and the code exchange go over HTTP from the browser's
 * own cookie jar, as the browser would send them, so the session is the one a person gets and
 * the page opens on it as after a reload: one load of the app instead of four (home, provider
 * form, callback, then the page wanted), about a second a sign-in on the CI machine, which is
 * bound by the browser's CPU. The pages themselves are journeys of their own: the provider's
 * form in sign-in.test.ts, by keyboard in keyboard-and-reflow.test.ts, the home page in
 * welcome.test.ts.
 */
export async function signIn(page: Page, account: { email: string; password: string }, to = '/calls') {
  const request = page.context().request;
  const form = await request.get('/api/Auth/Login');
  const action = /<form method="post" action="([^"]+)"/.exec(await form.text())?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no sign-in form at ${form.url()} (${form.status()})`);
  const answer = await request.post(new URL(action, form.url()).toString(), {
    form: { email: account.email, password: account.password },
  });
  const callback = new URL(answer.url());
  if (callback.pathname !== '/login-callback') {
    throw new Error(`signing in as ${account.email} ended at ${callback.pathname} (${answer.status()})`);
  }
  const exchange = await request.post('/api/Jwt/token-exchange', {
    data: {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss') ?? undefined,
      redirectUri: `${callback.origin}/login-callback`,
    },
  });
  if (!exchange.ok()) throw new Error(`signing in as ${account.email}: ${exchange.status()} ${await exchange.text()}`);
  await page.goto(to);
  // Opened signed in: the header names the person (a failed session fails here, not at a later
  // locator). The dev pages are the server's own, without the app's header.
  if (!to.startsWith('/dev/')) await page.getByTestId('user-name').waitFor({ state: 'attached' });
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
