import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { claimApp } from './app-claim';
import { launchBrowser } from './browser';
import { FailureReport } from './failure-report';

/** One browser per journey file; each test opens its own context (cookies and storage). */
export function useBrowser() {
  const state = {
    browser: null as Browser | null,
    app: null as Awaited<ReturnType<typeof claimApp>> | null,
    report: null as FailureReport | null,
  };
  beforeAll(async () => {
    state.app = await claimApp();
    state.report = new FailureReport(state.app.logFile);
    state.browser = await launchBrowser();
  });
  beforeEach(() => state.report?.mark());
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    try {
      state.report?.print(task.name);
    } catch (err) {
      // The report is an aid: its own trouble must not add a failure to the one it explains.
      console.error('the failure report could not be made:', err);
    }
  });
  afterAll(async () => {
    await state.browser?.close();
    state.app?.release();
  });
  const baseUrl = () => {
    if (!state.app) throw new Error('the journey has no app yet: read baseUrl inside a test');
    return state.app.baseUrl;
  };
  return {
    get baseUrl() {
      return baseUrl();
    },
    async newPage(options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
      if (!state.browser) throw new Error('browser not started');
      const context = await state.browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1280, height: 800 },
        locale: options.locale ?? 'it-IT',
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      state.report?.watch(context);
      return { context, page };
    },
  };
}
