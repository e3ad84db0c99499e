// Manual check: `node --import tsx e2e/scripts/screenshot.ts http://localhost:3000/ out.png [lang]`
import { launchBrowser } from '../support/browser';

const [url = 'http://localhost:3000/', out = 'screenshot.png', lang, width = '1280', height = '800'] =
  process.argv.slice(2);
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
const page = await context.newPage();
if (lang) await page.addInitScript((l) => localStorage.setItem('impact-calls.language', l), lang);
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`saved ${out}`);
