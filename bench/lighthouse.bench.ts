import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { apiAs, createCallWithTextAndUpload } from '../e2e/support/api';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import { DEMO } from '../e2e/support/sign-in';
import { type BenchResult, startBenchServer } from './support';

const run = promisify(execFile);

/**
 * Lighthouse (mobile, performance) on `/`, `/calls` and the wizard with a signed-in session, in
 * Debian's Chromium. Lighthouse is not a dependency of the project: point BENCH_LIGHTHOUSE at the
 * CLI of lighthouse 12.8.2 (`npm i -g lighthouse@12.8.2`, or node_modules/.bin/lighthouse of a
 * scratch install) to run it. Signing in happens in the same browser, over the DevTools port
 * Lighthouse then drives, and storage is kept between pages.
 */
export async function benchLighthouse(): Promise<BenchResult[]> {
  const cli = process.env.BENCH_LIGHTHOUSE ?? '';
  const server = await startBenchServer({ seedDemo: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ic-lh-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  let browser: ChildProcess | null = null;
  try {
    const { callId } = await createCallWithTextAndUpload(server.url, 'Bando Lighthouse');
    const applicant = await apiAs(server.url, DEMO.applicant);
    const org = await applicant<{ id: string }>('Organization/CreateOrganization', 'POST', {
      name: 'Cooperativa Lighthouse',
      reg_number: '01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'IT',
      contact_name: 'A',
      contact_surname: 'B',
      contact_role: 'C',
      contact_email: 'a@b.it',
      personalData: true,
    });
    const sub = await applicant<{ id: string }>('Call/UpsertCallSubmission', 'POST', {
      callId,
      organizationId: org.id,
    });

    browser = spawn(
      CHROMIUM_PATH,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        `--remote-debugging-port=${port}`,
        `--user-data-dir=${profile}`,
        '--no-first-run',
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    let cdp: Awaited<ReturnType<typeof chromium.connectOverCDP>> | null = null;
    for (let i = 0; i < 50 && !cdp; i++) {
      cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(() => null);
      if (!cdp) await new Promise((r) => setTimeout(r, 200));
    }
    if (!cdp) throw new Error('chromium did not start');
    const context = cdp.contexts()[0] ?? (await cdp.newContext());
    // A first visit: the browser's HTTP cache is emptied before each page (storage, the session, stays).
    const clearCache = async () => {
      const tab = await context.newPage();
      const session = await context.newCDPSession(tab);
      await session.send('Network.clearBrowserCache');
      await session.detach();
      await tab.close();
    };

    const results: BenchResult[] = [];
    const audit = async (label: string, url: string) => {
      await clearCache();
      const out = path.join(profile, 'report.json');
      await run(
        cli,
        [
          url,
          `--port=${port}`,
          '--disable-storage-reset',
          '--only-categories=performance',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 180_000 },
      );
      // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each page's full report (what blocked, what loaded when).
      const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (keep) fs.mkdirSync(keep, { recursive: true });
      if (keep) fs.copyFileSync(out, path.join(keep, `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`));
      const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { numericValue?: number }>;
      };
      const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? -1);
      const score = Math.round(report.categories.performance.score * 100);
      results.push({
        name: `Lighthouse mobile performance, ${label}`,
        budget: '≥ 90 (today: 47 on /, 27 on /calls with TBT 10.8 s)',
        ok: score >= 90,
        figures: {
          score,
          fcpMs: ms('first-contentful-paint'),
          lcpMs: ms('largest-contentful-paint'),
          tbtMs: ms('total-blocking-time'),
          cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          transferKb: Math.round((report.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
          domNodes: ms('dom-size'),
        },
      });
    };
    await audit('/ (welcome, first visit)', `${server.url}/`);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Accedi' }).first().click();
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.applicant.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.applicant.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL('**/calls');
    // The organization of the submission is the selected one (the side panel remembers it).
    await page.evaluate(
      `for (const k of Object.keys(localStorage)) if (k.startsWith('impact-calls.organization.')) localStorage.setItem(k, ${JSON.stringify(org.id)})`,
    );
    await page.close();
    await audit('/calls (signed in, first visit)', `${server.url}/calls`);
    await audit('the wizard (signed in, first visit)', `${server.url}/call/${sub.id}/0/0`);
    await cdp.close();
    return results;
  } finally {
    browser?.kill('SIGTERM');
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
