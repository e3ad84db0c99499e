import { centsToDecimal, readAmount } from '@impact/domain';

/** The reader's decimal and grouping marks ("," and "." in Italian and French; "." and "," in English). */
export function marks(language: string) {
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
 * Nothing is guessed silently: thousands must be grouped by three (a French "12.000" is twelve
 * thousand, as the dot groups there too; an English "12,34" is refused, not read as 1234) and an
 * amount has cents at most ("12,345" is refused, not rounded); a figure that is no money (a
 * target, a proxy's value per unit) may have up to `decimals` in the language's own decimal mark.
 */
export function parseTypedAmount(text: string, language: string, decimals = 2): string | null {
  const { decimal, group } = marks(language);
  // A mark left at the end ("5." or "5,") ends the number: it adds nothing.
  const clean = text.replace(/[\s\u00a0\u202f€$£]/g, '').replace(/[.,]$/, '');
  if (clean === '') return '';
  // A spreadsheet's copy may use the dot whatever the language: one dot followed by one or two digits is decimal.
  if (decimal === ',' && /^-?\d+\.\d{1,2}$/.test(clean)) return clean;
  // Where the comma is decimal, the dot groups thousands as the language's own mark does.
  const groups = decimal === ',' ? new Set([group, '.']) : new Set([group]);
  const [whole = '', fraction, extra] = clean.split(decimal);
  if (extra !== undefined || (fraction !== undefined && !new RegExp(`^\\d{0,${decimals}}$`).test(fraction)))
    return null;
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const groupMark = [...digits].find((c) => groups.has(c));
  let integer = digits;
  if (groupMark) {
    const parts = digits.split(groupMark);
    // A first group of 0 is no grouping ("0.500" is not five hundred): refused, not guessed.
    const grouped = /^[1-9]\d{0,2}$/.test(parts[0] ?? '') && parts.slice(1).every((p) => /^\d{3}$/.test(p));
    if (!grouped) return null;
    integer = parts.join('');
  }
  if (!/^\d+$/.test(integer)) return null;
  return fraction ? `${sign}${integer}.${fraction}` : `${sign}${integer}`;
}

/** A stored decimal ("1234.50") as the input shows it in the reader's language ("1234,5" → "1234,50"). */
export function amountForInput(value: string | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const reading = readAmount(value);
  if (!('cents' in reading) || reading.cents === null) return value;
  const text = centsToDecimal(reading.cents).replace(/\.00$/, '');
  return marks(language).decimal === ',' ? text.replace('.', ',') : text;
}
