import { benchAutosave } from './autosave.bench';
import { benchConfigRead } from './config-read.bench';
import { benchImpactImport } from './impact-import.bench';
import type { BenchResult } from './support';

const benches: Array<() => Promise<BenchResult>> = [benchConfigRead, benchAutosave, benchImpactImport];

let failed = 0;
for (const bench of benches) {
  const result = await bench();
  if (!result.ok) failed += 1;
  console.log(`${result.ok ? 'PASS' : 'OVER BUDGET'}  ${result.name}  (${result.budget})`);
  console.log(`      ${JSON.stringify(result.figures)}`);
}
process.exit(failed ? 1 : 0);
