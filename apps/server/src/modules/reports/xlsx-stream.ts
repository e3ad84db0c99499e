import { neutraliseCell } from '@impact/domain';
import { zipStream } from '../../lib/zip-stream';
import type { Cell, ExportedRows } from './export-rows';

/**
 * An XLSX workbook of one sheet, written page by page as the pages are read: an XLSX is a ZIP of XML
 * parts, and the sheet part is deflated while it is produced (lib/zip-stream.ts). Text goes in
 * inline strings (t="inlineStr"), so there is no shared-strings table to hold in memory; it is
 * never a formula, and is neutralised too, so the file stays inert if it is saved again as CSV.
 * The first row (the header) is bold and frozen.
 */
export function xlsxStream(
  pages: ExportedRows['pages'],
  sheetName: string,
  more: ExportedRows['sheets'] = [],
): AsyncGenerator<Buffer> {
  const part = (xml: string) => [Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`)];
  const sheets = [{ name: sheetName, pages }, ...more];
  return zipStream([
    { name: '[Content_Types].xml', data: part(contentTypes(sheets.length)) },
    { name: '_rels/.rels', data: part(ROOT_RELS) },
    { name: 'xl/workbook.xml', data: part(workbook(sheets.map((s) => s.name))) },
    { name: 'xl/_rels/workbook.xml.rels', data: part(workbookRels(sheets.length)) },
    { name: 'xl/styles.xml', data: part(STYLES) },
    // Each sheet read in its turn, as the ZIP is written: still one page of rows in memory at a time.
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: sheetXml(sheet.pages) })),
  ]);
}

/** Excel refuses (offers to "repair") a cell with more text than this. */
const MAX_CELL_TEXT = 32_767;

async function* sheetXml(pages: ExportedRows['pages']): AsyncGenerator<Buffer> {
  yield Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>',
    'utf8',
  );
  let r = 0;
  const rowsXml = (rows: Cell[][]) =>
    rows
      .map((row) => {
        r += 1;
        return `<row r="${r}">${row.map((value, i) => cellXml(value, `${columnName(i)}${r}`, r === 1)).join('')}</row>`;
      })
      .join('');
  for await (const text of pages(rowsXml)) yield Buffer.from(text, 'utf8');
  yield Buffer.from('</sheetData></worksheet>', 'utf8');
}

function cellXml(value: Cell, ref: string, header: boolean): string {
  const style = header ? ' s="1"' : '';
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = escapeXml(neutraliseCell(value).slice(0, MAX_CELL_TEXT));
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

/** A, B, …, Z, AA, AB, … */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * XML text: the five specials escaped, CR kept as a character reference (a parser would turn a
 * raw one into LF), and what XML 1.0 cannot hold at all (other control characters, lone
 * surrogates, U+FFFE/U+FFFF) dropped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/[&<>"\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' })[c] ?? c);
}
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Excel: at most 31 characters, none of : \ / ? * [ ]. */
export function safeSheetName(name: string) {
  return (
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Submissions'
  );
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const contentTypes = (sheets: number) =>
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${OFFICE}.sheet.main+xml"/>` +
  Array.from(
    { length: sheets },
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${OFFICE}.worksheet+xml"/>`,
  ).join('') +
  `<Override PartName="/xl/styles.xml" ContentType="${OFFICE}.styles+xml"/>` +
  '</Types>';

const ROOT_RELS =
  `<Relationships xmlns="${PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

// The styles take the id after the sheets' (rId1 … rIdN).
const workbookRels = (sheets: number) =>
  `<Relationships xmlns="${PKG_REL}">` +
  Array.from(
    { length: sheets },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('') +
  `<Relationship Id="rId${sheets + 1}" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;

/** Sheet names must differ (Excel compares them without case): a repeat gets its number. */
const workbook = (names: string[]) => {
  const used = new Set<string>();
  const sheets = names.map((name, i) => {
    let safe = safeSheetName(name);
    if (used.has(safe.toLowerCase())) safe = `${safe.slice(0, 27)} ${i + 1}`;
    used.add(safe.toLowerCase());
    return `<sheet name="${escapeXml(safe)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`;
  });
  return `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.join('')}</sheets></workbook>`;
};

/** Two cell formats: 0 plain, 1 bold (the header). */
const STYLES =
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
