// Manual check: `node --import tsx e2e/scripts/axe-scan.ts http://localhost:3000 [path ...]`
// Signs in as the demo applicant and admin and lists axe-core's violations on each screen.
import { axeViolations, describeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { DEMO, signIn } from '../support/sign-in';

const [baseUrl = 'http://localhost:3000', ...extra] = process.argv.slice(2);
const applicantPaths = ['/calls', '/org/list', '/register-org', '/privacy'];
const adminPaths = [
  '/admin',
  '/admin?tab=submissions',
  '/admin?tab=frameworks',
  '/admin?tab=reports',
  '/admin/customize',
  '/admin/file-upload',
  '/admin/audit',
  '/admin/steps',
  '/admin/impact-framework',
  '/admin/calls/create/type',
  '/admin/data-requests',
  ...extra,
];
const browser = await launchBrowser();
let failures = 0;
async function scan(account: { email: string; password: string }, paths: string[], width: number) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: 800 }, locale: 'it-IT' });
  const page = await context.newPage();
  const check = async (label: string) => {
    await page.waitForTimeout(1500);
    const v = await axeViolations(page);
    const serious = v.filter((x) => x.impact === 'serious' || x.impact === 'critical');
    failures += serious.length;
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(
      `\n## ${label} @${width} title="${await page.title()}" overflowX=${overflow}\n${describeViolations(v)}`,
    );
  };
  await page.goto('/');
  await check('/ (anonymous)');
  await page.goto('/accessibility');
  await check('/accessibility (anonymous)');
  await signIn(page, account);
  for (const p of paths) {
    await page.goto(p);
    await check(p);
  }
  // The wizard, step by step, when the account has a submission to resume (the demo applicant).
  await page.goto('/calls');
  const resume = page.getByRole('button', { name: 'Riprendi' }).first();
  if (
    await resume.waitFor({ timeout: 8000 }).then(
      () => true,
      () => false,
    )
  ) {
    await resume.click();
    await page.waitForURL(/\/call\//);
    for (let i = 0; i < 4; i++) {
      await check(`wizard ${new URL(page.url()).pathname}`);
      const next = page.getByRole('button', { name: 'Avanti' });
      if (!(await next.isVisible().catch(() => false))) break;
      await next.click();
      await page.waitForTimeout(800);
    }
  }
  // The admin's call editor, on each tab.
  const edit = page.getByRole('link', { name: /^Modifica: / }).first();
  await page.goto('/admin?tab=calls');
  if (
    await edit.waitFor({ timeout: 8000 }).then(
      () => true,
      () => false,
    )
  ) {
    await edit.click();
    await page.waitForURL(/\/admin\/calls\//);
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click();
      await check(`call editor tab ${await tab.textContent()}`);
    }
  }
  await context.close();
}
await scan(DEMO.applicant, applicantPaths, Number(process.env.WIDTH ?? 1280));
await scan(DEMO.admin, adminPaths, Number(process.env.WIDTH ?? 1280));
await browser.close();
console.log(`\nserious/critical rules: ${failures}`);
