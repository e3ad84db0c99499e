import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, for what needs the whole browser (the Lighthouse bench); CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the journeys drive, from Debian (nothing downloads one): CHROMIUM_PATH when set,
 * else Chromium's headless shell (`chromium-headless-shell`) when installed, else Chromium. The
 * shell is the same Blink without the desktop browser around it: two journeys took 108 instead of
 * 155 CPU-seconds in it on a 2-core machine (a launch 0.6 instead of 1.8), and the journeys' part
 * of a CI run is bound by CPU.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const JOURNEY_BROWSER_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: JOURNEY_BROWSER_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
