import { axeViolations, describeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { DEMO, signIn } from '../support/sign-in';

const base = process.argv[2] ?? 'http://localhost:3100';
const browser = await launchBrowser();
for (const [who, path, lang] of [
  [DEMO.applicant, '/privacy', 'it'],
  [DEMO.applicant, '/privacy', 'fr'],
  [DEMO.admin, '/admin/data-requests', 'en'],
] as const) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, who);
  await page.evaluate((l) => localStorage.setItem('impact-calls.language', l), lang);
  await page.goto(path);
  await page.waitForTimeout(2000);
  const v = await axeViolations(page);
  console.log(path, lang, 'title=', await page.title(), describeViolations(v));
  await page.screenshot({ path: `/tmp/shot-${path.replace(/\//g, '_')}-${lang}.png`, fullPage: true });
  await context.close();
}
await browser.close();
