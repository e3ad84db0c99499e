import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { largeFrameworkWorkbook } from '../apps/server/src/modules/impact/sample-workbook';
import { addFramework } from '../apps/server/src/modules/impact/service';
import { parseWorkbook } from '../apps/server/src/modules/impact/workbook';
import type { BenchResult } from './support';

const ROWS = 10_000;

/**
 * Budget: a 10,000-row workbook is parsed and imported (one transaction) in under 2 s,
 * on the embedded database, or on PostgreSQL when BENCH_DATABASE_URL is set.
 */
export async function benchImpactImport(): Promise<BenchResult> {
  const bytes = await largeFrameworkWorkbook(ROWS);
  const database = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(database);
    const start = performance.now();
    const parsed = await parseWorkbook(bytes);
    const parsedAt = performance.now();
    if (parsed.problems.length) throw new Error(`bench workbook has problems: ${parsed.problems.length}`);
    await addFramework(database.db, null, {
      name: 'Bench',
      description: 'Bench',
      stakeholders: parsed.stakeholders,
      outcomes: parsed.outcomes,
    });
    const total = performance.now() - start;
    return {
      name: `Impact framework import (${ROWS} rows, ${(bytes.length / 1024).toFixed(0)} KB)`,
      budget: 'parse + import < 2000 ms',
      ok: total < 2000,
      figures: { parseMs: Math.round(parsedAt - start), totalMs: Math.round(total), outcomes: parsed.outcomes.length },
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchImpactImport());
}
