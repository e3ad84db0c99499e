import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createCallWithTextAndUpload } from '../support/api';
import { useBrowser } from '../support/journey';
import { registerAndVerify, signIn, uniqueEmail } from '../support/sign-in';

/** Each API request a page makes, by path and query. */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

const times = (seen: string[], request: string) => seen.filter((s) => s === request).length;

/** The early requests (boot/early-requests.ts) whose answers the app has not taken. */
const unadoptedEarlyRequests = (page: Page) =>
  page.evaluate(() => {
    const early = (window as { __impactEarlyRequests?: { requests: { url: string }[] } }).__impactEarlyRequests;
    return early ? early.requests.map((r) => r.url) : ['(no early requests at all)'];
  });

/**
 * A signed-in first visit starts its requests while the app's scripts download
 * (apps/web/src/boot/early-requests.ts), and the app uses those answers instead of asking again.
 * A request the app made a second time would mean the early answer was not adopted; a second
 * renewal would rotate the session twice.
 */
describe('a signed-in first visit', () => {
  const browser = useBrowser();

  it('asks for the session, the organizations and the first calls once each, and the wizard for its submission and call once', async () => {
    const callName = `Bando prima visita ${Date.now()}`;
    const { callId } = await createCallWithTextAndUpload(browser.baseUrl, callName);
    const { page } = await browser.newPage();
    const person = {
      firstName: 'Piera',
      lastName: 'Prima',
      email: uniqueEmail('piera'),
      password: 'una frase lunga e sicura',
    };
    await registerAndVerify(page, person);
    const applicant = await apiAs(browser.baseUrl, person);
    const org = await applicant<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: 'Ente prima visita',
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'Piera',
      contact_surname: 'Prima',
      contact_role: 'Presidente',
      contact_email: 'piera@example.org',
      personalData: true,
    });
    const submission = await applicant<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId,
      organizationId: org.id,
    });
    // Signed in, the page remembers the organization on this browser.
    await signIn(page, person);
    await expect.poll(() => page.getByTestId('call-card').count()).toBeGreaterThan(0);

    const seen = recordApiRequests(page);
    // As on a slow line: the app's scripts arrive after the early answers, so the app finds them
    // waiting and puts them in its cache before the first render (app/first-page-data.ts).
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('/calls');
    await expect.poll(() => page.getByTestId('call-card').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(times(seen, 'POST /api/Jwt/refresh')).toBe(1);
    expect(times(seen, 'GET /api/Organization/GetOrganizations')).toBe(1);
    expect(times(seen, 'GET /api/Call/GetCallListUser?page=1&pageSize=20')).toBe(1);
    expect(await unadoptedEarlyRequests(page)).toEqual([]);

    seen.length = 0;
    await page.goto(`/call/${submission.id}/0/0`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(callName);
    // The wizard keeps one stream open (who else is here), so the network never idles: wait for
    // that stream, asked once, then a moment in which a repeated request would show.
    const presence = `GET /api/Call/SubmissionPresence?submissionId=${submission.id}`;
    await expect.poll(() => times(seen, presence)).toBe(1);
    await page.waitForTimeout(1500);
    expect(times(seen, presence)).toBe(1);
    expect(times(seen, 'POST /api/Jwt/refresh')).toBe(1);
    expect(times(seen, `GET /api/Call/GetSubmissionByID?submissionId=${submission.id}`)).toBe(1);
    expect(times(seen, `GET /api/Call/GetCallById?callId=${callId}`)).toBe(1);
    // And each of those was the early request's answer, taken by the app: none is left unused.
    expect(await unadoptedEarlyRequests(page)).toEqual([]);

    // The session the early renewal started goes on: the page can save and read again.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(callName);
  });
});
