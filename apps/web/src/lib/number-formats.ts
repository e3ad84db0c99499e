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
export function money(value: number | null | undefined, language: string, currency = 'EUR'): string {
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
 * A field for euros as the interface's language writes them ("1.234,56 €", "€1,234.56",
 * "1 234,56 €"), cents at most: an English reader typing "1,500" means fifteen hundred.
 */
export function euroInputProps(language: string) {
  return {
    ...amountSeparators(language),
    decimalScale: 2,
    ...(language.startsWith('en') ? { prefix: '€' } : { suffix: ' €' }),
  };
}
