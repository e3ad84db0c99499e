import { inflateRawSync } from 'node:zlib';
import type * as XLSX from '@e965/xlsx';
import {
  IMPACT_SHEET,
  STAKEHOLDER_SHEET,
  type TAddImpactFrameworkRequest,
  type TParseWorkbookResponse,
  type TWorkbookProblem,
  WORKBOOK_MAX_BYTES,
  WORKBOOK_MAX_ROWS,
} from '@impact/domain';

/**
 * SPEC 5 "Framework creation" from an .xls / .xlsx workbook, parsed on the server.
 * Sheets 'Impact framework' (one row per outcome × indicator × proxy; an empty outcome or indicator
 * cell continues the one above) and 'Stakeholder' (name, description). The first row is the header;
 * headers become camelCase with spaces removed ("Default value" → defaultValue). Only cell values
 * are read: formulas are never evaluated (their cached value, if any, is what counts).
 */

/** "Source URL" → "sourceUrl", "Outcome description" → "outcomeDescription", "SDG" → "sdg". */
export function camelHeader(header: string): string {
  const words = header
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (b: Buffer, sig: number[]) => sig.every((x, i) => b[i] === x);
/** The most a workbook may expand to once unzipped (a zip bomb is refused before parsing). */
const MAX_UNZIPPED_BYTES = 150 * 1024 * 1024;

/**
 * The real unzipped size, by inflating every entry with a cap (the sizes a zip declares about
 * itself can lie): null if the zip is unreadable, Infinity as soon as the cap is passed. SheetJS
 * inflates without a limit, so this runs first.
 */
function unzippedSize(b: Buffer): number | null {
  const min = Math.max(0, b.length - 22 - 65_535);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = b.readUInt16LE(eocd + 10);
  let offset = b.readUInt32LE(eocd + 16);
  let total = 0;
  try {
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > b.length || b.readUInt32LE(offset) !== 0x02014b50) return null;
      const method = b.readUInt16LE(offset + 10);
      const compressed = b.readUInt32LE(offset + 20);
      const local = b.readUInt32LE(offset + 42);
      if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return null;
      const dataStart = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
      const data = b.subarray(dataStart, dataStart + compressed);
      const remaining = MAX_UNZIPPED_BYTES - total;
      if (method === 0) total += data.length;
      else if (method === 8) total += inflateRawSync(data, { maxOutputLength: remaining + 1 }).length;
      else return null;
      if (total > MAX_UNZIPPED_BYTES) return Number.POSITIVE_INFINITY;
      offset += 46 + b.readUInt16LE(offset + 28) + b.readUInt16LE(offset + 30) + b.readUInt16LE(offset + 32);
    }
  } catch (err) {
    // zlib refuses to write past maxOutputLength: that is the bomb.
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      return Number.POSITIVE_INFINITY;
    return null;
  }
  return total;
}

export class WorkbookRefused extends Error {
  constructor(readonly problem: TWorkbookProblem) {
    super(problem.messageKey);
  }
}

const refuse = (messageKey: string, extra: Omit<TWorkbookProblem, 'messageKey'> = {}) =>
  new WorkbookRefused({ messageKey, ...extra });

/**
 * SheetJS, loaded where a workbook is read or written: on the workbook thread, or on the main
 * thread only for the template's download and the demo's seed (tools/check-imports.ts keeps it
 * out of the main thread's start).
 */
const sheetJs = () => import('@e965/xlsx');

/** Reads the bytes as a workbook, or refuses them (not a workbook by its bytes, too big, unreadable). */
export async function readWorkbook(bytes: Buffer): Promise<XLSX.WorkBook> {
  if (bytes.length === 0 || bytes.length > WORKBOOK_MAX_BYTES) throw refuse('errors.impact.workbookTooBig');
  const zip = startsWith(bytes, ZIP);
  if (!zip && !startsWith(bytes, CFB)) throw refuse('errors.impact.notAWorkbook');
  if (zip) {
    const size = unzippedSize(bytes);
    if (size === null) throw refuse('errors.impact.notAWorkbook');
    if (size > MAX_UNZIPPED_BYTES) throw refuse('errors.impact.workbookTooBig');
  }
  const { read } = await sheetJs();
  try {
    return read(bytes, {
      type: 'buffer',
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      bookVBA: false,
      sheets: [IMPACT_SHEET, STAKEHOLDER_SHEET],
      sheetRows: WORKBOOK_MAX_ROWS + 2,
      dense: true,
    });
  } catch {
    throw refuse('errors.impact.notAWorkbook');
  }
}

type Row = { row: number; cells: Record<string, unknown> };

function rowsOf(utils: typeof XLSX.utils, wb: XLSX.WorkBook, sheetName: string): Row[] {
  const sheet = wb.Sheets[sheetName];
  if (!sheet) throw refuse('errors.impact.sheetMissing', { sheet: sheetName });
  const full = (sheet['!fullref'] as string | undefined) ?? sheet['!ref'];
  if (full) {
    const range = utils.decode_range(full);
    if (range.e.r - range.s.r > WORKBOOK_MAX_ROWS) throw refuse('errors.impact.tooManyRows', { sheet: sheetName });
    if (range.e.c - range.s.c > 60) throw refuse('errors.impact.tooManyColumns', { sheet: sheetName });
  }
  const matrix = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  const [header, ...body] = matrix;
  const keys = (header ?? []).map((h) => (h === null || h === undefined ? '' : camelHeader(String(h))));
  const rows: Row[] = [];
  body.forEach((values, i) => {
    const cells: Record<string, unknown> = {};
    keys.forEach((k, c) => {
      if (k) cells[k] = values[c] ?? null;
    });
    rows.push({ row: i + 2, cells });
  });
  return rows;
}

const str = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  return '';
};
const first = (cells: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) if (k in cells) return str(cells[k]);
  return '';
};
const hasColumn = (rows: Row[], header: string[], ...keys: string[]) =>
  keys.some((k) => header.includes(k)) || rows.length === 0;

/** A number cell or a numeric text ("1200", "1.200,50", "1200.5"); null otherwise. */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().replace(/\s|€/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  if (/^\d+([.,]\d+)?$/.test(s)) return Number(s.replace(',', '.'));
  return null;
}

function sdgsOf(v: unknown): number[] | null {
  if (v === null || v === undefined || v === '') return [];
  const codes = typeof v === 'number' ? [v] : (str(v).match(/\d+/g) ?? []).map(Number);
  if (codes.some((c) => !Number.isInteger(c) || c < 1 || c > 17)) return null;
  return [...new Set(codes)];
}

type Outcome = TAddImpactFrameworkRequest['outcomes'][number];
type Indicator = Outcome['indicators'][number];

/** Parses a workbook into a framework's stakeholders and outcomes, with every problem found. */
export async function parseWorkbook(bytes: Buffer): Promise<TParseWorkbookResponse> {
  const wb = await readWorkbook(bytes);
  const { utils } = await sheetJs();
  const problems: TWorkbookProblem[] = [];
  const impactRows = rowsOf(utils, wb, IMPACT_SHEET);
  const stakeholderRows = rowsOf(utils, wb, STAKEHOLDER_SHEET);

  const impactHeader = Object.keys(impactRows[0]?.cells ?? {});
  for (const [label, keys] of [
    ['Outcome', ['outcome', 'outcomeName']],
    ['SDG', ['sdg', 'sdgs', 'sdgCode']],
    ['Indicator', ['indicator', 'indicatorName']],
    ['Proxy', ['proxy', 'proxyName']],
    ['Default value', ['defaultValue']],
  ] as const) {
    if (!hasColumn(impactRows, impactHeader, ...keys))
      problems.push({ messageKey: 'errors.impact.columnMissing', sheet: IMPACT_SHEET, name: label });
  }
  const stakeholderHeader = Object.keys(stakeholderRows[0]?.cells ?? {});
  if (!hasColumn(stakeholderRows, stakeholderHeader, 'name', 'stakeholder', 'stakeholderName'))
    problems.push({ messageKey: 'errors.impact.columnMissing', sheet: STAKEHOLDER_SHEET, name: 'Name' });
  if (problems.length) return { stakeholders: [], outcomes: [], problems, rows: impactRows.length };

  // Stakeholders
  const stakeholders: TAddImpactFrameworkRequest['stakeholders'] = [];
  const stakeholderNames = new Set<string>();
  for (const { cells } of stakeholderRows) {
    const name = first(cells, 'name', 'stakeholder', 'stakeholderName');
    if (!name || stakeholderNames.has(name.toLowerCase())) continue;
    stakeholderNames.add(name.toLowerCase());
    stakeholders.push({ name: name.slice(0, 500), description: first(cells, 'description').slice(0, 5000) });
  }
  if (stakeholders.length === 0)
    problems.push({ messageKey: 'errors.impact.missingStakeholders', sheet: STAKEHOLDER_SHEET });

  // Outcomes → indicators → proxies
  const outcomes: Outcome[] = [];
  const firstRow = new Map<Outcome, number>();
  const indicatorRow = new Map<Indicator, number>();
  const byName = new Map<string, Outcome>();
  let outcome: Outcome | undefined;
  let indicator: Indicator | undefined;
  for (const { row, cells } of impactRows) {
    const outcomeName = first(cells, 'outcome', 'outcomeName');
    const indicatorName = first(cells, 'indicator', 'indicatorName');
    const proxyName = first(cells, 'proxy', 'proxyName');
    if (!outcomeName && !indicatorName && !proxyName) continue; // blank line
    if (outcomeName) {
      const known = byName.get(outcomeName.toLowerCase());
      if (known) outcome = known;
      else {
        const sdg = sdgsOf(cells.sdg ?? cells.sdgs ?? cells.sdgCode);
        if (sdg === null) problems.push({ messageKey: 'errors.impact.invalidSdg', sheet: IMPACT_SHEET, row });
        else if (sdg.length === 0)
          problems.push({ messageKey: 'errors.impact.sdgMissing', sheet: IMPACT_SHEET, row, name: outcomeName });
        outcome = {
          name: outcomeName.slice(0, 500),
          description: first(cells, 'outcomeDescription', 'description').slice(0, 5000),
          sdg: sdg ?? [],
          indicators: [],
        };
        byName.set(outcomeName.toLowerCase(), outcome);
        outcomes.push(outcome);
        firstRow.set(outcome, row);
      }
      indicator = undefined;
    }
    if (!outcome) {
      problems.push({ messageKey: 'errors.impact.missingOutcomes', sheet: IMPACT_SHEET, row });
      continue;
    }
    if (indicatorName) {
      indicator = outcome.indicators.find((i) => i.name.toLowerCase() === indicatorName.toLowerCase());
      if (!indicator) {
        indicator = {
          name: indicatorName.slice(0, 500),
          description: first(cells, 'indicatorDescription').slice(0, 5000),
          proxies: [],
        };
        outcome.indicators.push(indicator);
        indicatorRow.set(indicator, row);
      }
    }
    if (proxyName) {
      if (!indicator) {
        problems.push({ messageKey: 'errors.impact.missingIndicators', sheet: IMPACT_SHEET, row, name: outcome.name });
        continue;
      }
      const value = numberOf(cells.defaultValue);
      if (value === null || value < 0) {
        problems.push({ messageKey: 'errors.impact.invalidDefaultValue', sheet: IMPACT_SHEET, row, name: proxyName });
        continue;
      }
      indicator.proxies.push({
        name: proxyName.slice(0, 500),
        defaultValue: value,
        sourceName: first(cells, 'sourceName', 'source').slice(0, 500),
        sourceUrl: first(cells, 'sourceUrl', 'url').slice(0, 2000),
      });
    }
  }
  if (outcomes.length === 0) problems.push({ messageKey: 'errors.impact.missingOutcomes', sheet: IMPACT_SHEET });
  for (const o of outcomes) {
    if (o.indicators.length === 0)
      problems.push({
        messageKey: 'errors.impact.missingIndicators',
        sheet: IMPACT_SHEET,
        row: firstRow.get(o),
        name: o.name,
      });
    for (const i of o.indicators) {
      if (i.proxies.length === 0)
        problems.push({
          messageKey: 'errors.impact.missingProxies',
          sheet: IMPACT_SHEET,
          row: indicatorRow.get(i),
          name: i.name,
        });
    }
  }
  return { stakeholders, outcomes, problems, rows: impactRows.length };
}

/** Bytes of a workbook with the two sheets, from rows of cells (used by the sample and the tests). */
export async function buildWorkbook(
  impact: unknown[][],
  stakeholders: unknown[][],
  bookType: 'xlsx' | 'xls' = 'xlsx',
): Promise<Buffer> {
  const { utils, write } = await sheetJs();
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet(impact), IMPACT_SHEET);
  utils.book_append_sheet(wb, utils.aoa_to_sheet(stakeholders), STAKEHOLDER_SHEET);
  return write(wb, { type: 'buffer', bookType }) as Buffer;
}

export const IMPACT_HEADER = [
  'Outcome',
  'Outcome description',
  'SDG',
  'Indicator',
  'Indicator description',
  'Proxy',
  'Default value',
  'Source name',
  'Source URL',
];
export const STAKEHOLDER_HEADER = ['Name', 'Description'];
