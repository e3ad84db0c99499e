import { DEFAULT_CURRENCY } from '@impact/domain';

/**
 * A figure as the reader's language writes it, with `digits` decimals always shown (scores and
 * ratios line up in a table: "80,0", "2,59"), or a dash when there is none.
 */
export function fixedNumber(value: number | null | undefined, language: string, digits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
}

/** An amount of money in the reader's language ("65.000,50 €"), or a dash. */
export function money(value: number | null | undefined, language: string, currency = DEFAULT_CURRENCY): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
}

/**
 * The separators a number field types with, in the interface's language (Mantine's NumberInput).
 * Only the language's decimal mark starts decimals (Mantine takes both "." and "," by default, so
 * "1,250" typed key by key in English, or "1.250" in Italian, became 1.25); French, whose thousands
 * are a space, also takes ".".
 */
export function amountSeparators(language: string): {
  thousandSeparator: string;
  decimalSeparator: string;
  allowedDecimalSeparators: string[];
} {
  if (language.startsWith('en'))
    return { thousandSeparator: ',', decimalSeparator: '.', allowedDecimalSeparators: ['.'] };
  if (language.startsWith('fr'))
    return { thousandSeparator: '\u202f', decimalSeparator: ',', allowedDecimalSeparators: [',', '.'] };
  return { thousandSeparator: '.', decimalSeparator: ',', allowedDecimalSeparators: [','] };
}

/**
 * Where a language writes a currency's symbol, and which: before the figure ("€1.5", "£2",
 * "CHF 3") or after it ("1,5 €", "2 £GB"). A money field (AmountInput) shows it there.
 */
export function currencyPlacement(language: string, currency = DEFAULT_CURRENCY) {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency }).formatToParts(1);
  const at = parts.findIndex((p) => p.type === 'currency');
  const symbol = parts[at]?.value ?? currency;
  const before = at < parts.findIndex((p) => p.type === 'integer');
  return { symbol, before };
}
