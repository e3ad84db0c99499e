import { centsToDecimal, readAmount } from '@impact/domain';

/** The reader's decimal and grouping marks ("," and "." in Italian and French; "." and "," in English). */
function marks(language: string) {
  const parts = new Intl.NumberFormat(language).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * An amount as the applicant types or pastes it, in their language ("1.234,56" in Italian,
 * "1 234,56" in French, "1,234.56" in English; "€" and spaces ignored) → the decimal string the
 * server reads ("1234.56"), '' for empty, or null when it is not an amount (the field says so).
 */
export function parseTypedAmount(text: string, language: string): string | null {
  const { decimal, group } = marks(language);
  let clean = text.replace(/[\s\u00a0\u202f€$£]/g, '');
  if (clean === '') return '';
  // A spreadsheet's copy may use the dot whatever the language: one dot followed by one or two digits is decimal.
  if (decimal === ',' && !clean.includes(',') && /^\d+\.\d{1,2}$/.test(clean)) return clean;
  if (group) clean = clean.split(group).join('');
  if (decimal !== '.') clean = clean.replace(decimal, '.');
  if (!/^-?\d+(\.\d+)?$/.test(clean)) return null;
  return clean;
}

/** A stored decimal ("1234.50") as the input shows it in the reader's language ("1234,5" → "1234,50"). */
export function amountForInput(value: string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const reading = readAmount(value);
  if (!('cents' in reading) || reading.cents === null) return value;
  const text = centsToDecimal(reading.cents).replace(/\.00$/, '');
  return marks(language).decimal === ',' ? text.replace('.', ',') : text;
}

/** The error key of a typed amount, or null when it is fine. */
export function typedAmountError(text: string, language: string): string | null {
  const parsed = parseTypedAmount(text, language);
  if (parsed === null) return 'errors.budget.amountInvalid';
  const reading = readAmount(parsed);
  return 'error' in reading ? reading.error : null;
}

/**
 * Rows pasted from a spreadsheet: tab-separated cells, one row a line. The first cells that are
 * not amounts make the description (a category's name in the first cell picks the category), the
 * rest are the amounts per period.
 */
export function pastedRows(
  text: string,
  language: string,
  categoryOf: (cell: string) => string | null,
): Array<{ category: string | null; description: string; amounts: string[] }> {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const cells = row.split('\t').map((c) => c.trim());
      const category = cells.length > 1 ? categoryOf(cells[0] ?? '') : null;
      if (category) cells.shift();
      const firstAmount = cells.findIndex((c, i) => i > 0 && parseTypedAmount(c, language) !== null);
      const words = firstAmount === -1 ? cells.slice(0, 1) : cells.slice(0, firstAmount);
      const amounts = firstAmount === -1 ? cells.slice(1) : cells.slice(firstAmount);
      return { category, description: words.join(' '), amounts };
    });
}
