import { readAmount } from '@impact/domain';
import { parseTypedAmount } from '../../../lib/typed-amount';

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
