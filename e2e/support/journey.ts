import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';

/** The app this worker's journeys use: a worker's journeys run one after another on it. */
export function journeyBaseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('no app was started for the journeys');
  return url;
}

/** One browser per journey file; each test opens its own context (cookies and storage). */
export function useBrowser() {
  const state = { browser: null as Browser | null, baseUrl: journeyBaseUrl() };
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    baseUrl: state.baseUrl,
    async newPage(options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
      if (!state.browser) throw new Error('browser not started');
      const context = await state.browser.newContext({
        baseURL: state.baseUrl,
        viewport: { width: 1280, height: 800 },
        locale: options.locale ?? 'it-IT',
      });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      return { context, page };
    },
  };
}
