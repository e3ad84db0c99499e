import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { addFramework } from '../apps/server/src/modules/impact/service';
import {
  buildWorkbook,
  IMPACT_HEADER,
  parseWorkbook,
  STAKEHOLDER_HEADER,
} from '../apps/server/src/modules/impact/workbook';
import type { BenchResult } from './support';

const ROWS = 10_000;

/** A 10,000-row framework workbook: 2,000 outcomes × 5 indicator/proxy rows, 50 stakeholders. */
export function bigWorkbook(rows = ROWS): Buffer {
  const impact: unknown[][] = [IMPACT_HEADER];
  for (let r = 0; r < rows; r++) {
    const o = Math.floor(r / 5);
    impact.push([
      `Esito ${o}`,
      `Descrizione dell'esito ${o}`,
      `${(o % 17) + 1}, ${((o + 5) % 17) + 1}`,
      `Indicatore ${o}.${r % 5}`,
      'Quantità annua',
      `Proxy ${r}`,
      100 + (r % 900),
      'ISTAT',
      'https://www.istat.it/',
    ]);
  }
  const stakeholders: unknown[][] = [STAKEHOLDER_HEADER];
  for (let s = 0; s < 50; s++) stakeholders.push([`Stakeholder ${s}`, 'Gruppo di beneficiari']);
  return buildWorkbook(impact, stakeholders);
}

/**
 * Budget (issue 7): a 10,000-row workbook is parsed and imported (one transaction) in under 2 s,
 * on the embedded database, or on PostgreSQL when BENCH_DATABASE_URL is set.
 */
export async function benchImpactImport(): Promise<BenchResult> {
  const bytes = bigWorkbook();
  const database = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await runMigrations(database);
    const start = performance.now();
    const parsed = parseWorkbook(bytes);
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
