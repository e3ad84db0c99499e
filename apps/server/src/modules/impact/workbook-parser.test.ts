import * as XLSX from '@e965/xlsx';
import { IMPACT_SHEET, STAKEHOLDER_SHEET } from '@impact/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInAs } from '../../../test/sign-in';
import { largeFrameworkWorkbook, sampleWorkbook } from './sample-workbook';
import { IMPACT_HEADER, parseWorkbook, STAKEHOLDER_HEADER, WorkbookRefused } from './workbook';
import { WorkbookParser, WorkbookParserBusy } from './workbook-parser';

/**
 * A small zip that is heavy to read: `rows` outcomes with a 6,000-character description each
 * (compressible, so the file is a few MB while SheetJS holds about rows × 12 KB of strings).
 */
function heavyWorkbook(rows: number): Buffer {
  const long = 'x'.repeat(6000);
  const impact: unknown[][] = [IMPACT_HEADER];
  for (let r = 0; r < rows; r++)
    impact.push([`Esito ${r}`, `${r} ${long}`, '1', `Indicatore ${r}`, 'n.', `Proxy ${r}`, 10, 'ISTAT', '']);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(impact), IMPACT_SHEET);
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([STAKEHOLDER_HEADER, ['Giovani', '']]), STAKEHOLDER_SHEET);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof WorkbookRefused ? err.problem.messageKey : String(err)),
  );

describe('framework workbooks are read on a capped worker thread', () => {
  it('gives the same framework as reading in the process, and refuses what is not a workbook', async () => {
    const parser = new WorkbookParser(128);
    try {
      expect(await parser.parse(await sampleWorkbook())).toEqual(await parseWorkbook(await sampleWorkbook()));
      expect(await refusal(parser.parse(Buffer.from('not a workbook at all')))).toBe('errors.impact.notAWorkbook');
    } finally {
      await parser.close();
    }
  });

  it('refuses a workbook heavier than the heap cap as too heavy, then reads the next one', async () => {
    const parser = new WorkbookParser(32);
    try {
      expect(await refusal(parser.parse(heavyWorkbook(6000)))).toBe('errors.impact.workbookTooHeavy');
      // The thread that ran out of memory was replaced.
      expect((await parser.parse(await sampleWorkbook())).outcomes.length).toBeGreaterThan(0);
    } finally {
      await parser.close();
    }
  });

  it('refuses a workbook that takes longer than the timeout', async () => {
    const parser = new WorkbookParser(128, { timeoutMs: 1 });
    try {
      expect(await refusal(parser.parse(await sampleWorkbook()))).toBe('errors.impact.workbookTooHeavy');
    } finally {
      await parser.close();
    }
  });

  it('reads one workbook at a time with a bounded queue behind it', async () => {
    const parser = new WorkbookParser(128, { maxWaiting: 1 });
    try {
      const running = parser.parse(await sampleWorkbook());
      const waiting = parser.parse(await sampleWorkbook());
      await expect(parser.parse(await sampleWorkbook())).rejects.toBeInstanceOf(WorkbookParserBusy);
      expect((await running).outcomes.length).toBeGreaterThan(0);
      expect((await waiting).outcomes.length).toBeGreaterThan(0);
    } finally {
      await parser.close();
    }
  });
});

describe('POST ImpactFramework/ParseWorkbook under load', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let large: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAs(t.database.db, { email: 'admin@example.org', roles: ['admin'] });
    large = await largeFrameworkWorkbook(10_000);
  });
  afterAll(() => t?.close());

  const parse = (bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ImpactFramework/ParseWorkbook',
      headers: admin.headers,
      payload: { fileName: 'framework.xlsx', contentBase64: bytes.toString('base64') },
    });

  it('keeps answering other requests while a large workbook is read', async () => {
    // A probe every 20 ms; its worst delay counts from when it was due (a blocked event loop
    // delays the timer, not only the request).
    let worst = 0;
    let done = false;
    const probe = (async () => {
      while (!done) {
        const due = performance.now() + 20;
        await new Promise((r) => setTimeout(r, 20));
        expect((await t.app.inject('/healthz')).statusCode).toBe(200);
        worst = Math.max(worst, performance.now() - due);
      }
    })();
    const started = performance.now();
    const res = await parse(large);
    const took = performance.now() - started;
    done = true;
    await probe;
    expect(res.statusCode).toBe(200);
    expect(res.json().outcomes).toHaveLength(2000);
    // Read in the process, the parse blocked /healthz for most of `took` (measured: 880 of 950
    // ms); on the thread, a probe waits only for the request's body decoding and the answer's
    // serialisation (measured: 250 of 1,200 ms).
    expect(worst).toBeLessThan(took / 2);
  });

  it('answers 503 with Retry-After, translated, when two imports already wait', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => parse(large)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const b of busy) {
      expect(b.headers['retry-after']).toBe('10');
      expect(b.json().messageKey).toBe('errors.impact.importBusy');
    }
  });
});
