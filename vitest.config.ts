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
          setupFiles: ['apps/web/vitest.setup.ts'],
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
          // Two journeys at a time, each worker on its own app (global-setup.ts); their own group,
          // after the others, so the browsers do not compete with the server tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
