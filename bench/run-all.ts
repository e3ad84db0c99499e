import { benchAutosave } from './autosave.bench';
import { benchBundle } from './bundle.bench';
import { benchCloseStorm } from './close-storm.bench';
import { benchConfigRead } from './config-read.bench';
import { benchImpactImport } from './impact-import.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchPdf } from './pdf.bench';
import { benchPortfolio } from './portfolio.bench';
import { benchPresence } from './presence.bench';
import { benchReportDashboard } from './report-dashboard.bench';
import { benchAdminList, benchCallList, benchScale } from './scale.bench';
import type { BenchResult } from './support';
import { benchSurge } from './surge.bench';

/**
 * `npm run bench` (it builds first). BENCH_ONLY=scale,bundle runs some; the scale bench needs the
 * PostgreSQL server of BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * Lighthouse runs when BENCH_LIGHTHOUSE names its CLI.
 */
const benches: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  bundle: benchBundle,
  config: benchConfigRead,
  autosave: benchAutosave,
  import: benchImpactImport,
  scale: benchScale,
  // The applicant call list of the scale bench alone (seeds the same funder).
  calllist: benchCallList,
  // The admin submissions tab of the scale bench alone.
  adminlist: benchAdminList,
  surge: benchSurge,
  // Submit at a deadline: spread and all at once, beside bare Fastify + the same SQL.
  'close-storm': benchCloseStorm,
  pdf: benchPdf,
  // Open wizards' presence streams beside an autosave surge.
  presence: benchPresence,
  reports: benchReportDashboard,
  // The funder's portfolio: 1,000 grants, 10,000 reports, beside bare Fastify + the same SQL.
  portfolio: benchPortfolio,
  // Only with BENCH_LIGHTHOUSE naming the lighthouse 12.8.2 CLI (not a project dependency).
  ...(process.env.BENCH_LIGHTHOUSE ? { lighthouse: benchLighthouse } : {}),
};
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);

let failed = 0;
for (const [name, bench] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  const outcome = await bench();
  for (const result of Array.isArray(outcome) ? outcome : [outcome]) {
    if (!result.ok) failed += 1;
    console.log(`${result.ok ? 'PASS' : 'OVER BUDGET'}  ${result.name}  (${result.budget})`);
    console.log(`      ${JSON.stringify(result.figures)}`);
  }
}
process.exit(failed ? 1 : 0);
