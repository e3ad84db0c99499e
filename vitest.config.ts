import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** One runner for everything: domain rules, the server on a real database, the web app, journeys. */
export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    // Server tests spend much of their time waiting on the database, timers and child processes:
    // more workers than cores keeps a small machine busy (vitest's default is cores - 1).
    maxWorkers: Math.max(3, os.availableParallelism()),
    projects: [
      {
        test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/template-setup.ts'],
          // A worker imports the server's modules once, not once per file (96 files spent about 4 s
          // each importing them). Safe because every file builds its own app on its own database
          // and the server keeps no state in modules but per-database maps (WeakMap by Db) and
          // thread pools; a module-level cache keyed by an id would leak between files: don't add one.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One import of React, Mantine and the i18n instance per worker (59 s down to 13 s). A
          // file must set what it reads from the page or i18n (language, texts) itself, since an
          // earlier file in the same worker may have changed them.
          isolate: false,
          setupFiles: ['apps/web/vitest.setup.ts'],
          // A page rendered with Mantine takes a few seconds on a slow, busy CI machine (one took
          // 5.05 s there against 1.7 s here): the default 5 s failed a test that was right.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/journeys/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page's answer after a click or a search takes longer than vitest's 1 s poll on a slow,
          // busy CI machine (a search's debounce, request and render failed "1–11 di 11" there):
          // a poll only waits as long as the page needs, so a wide bound costs a passing run nothing.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Playwright and the journey helpers imported once per worker, not once per file (a few
          // seconds between journeys). Each file still launches its own browser and claims an app.
          isolate: false,
          // Two journeys at a time, each worker on its own app (global-setup.ts); their own group,
          // after the others, so the browsers do not compete with the server tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
