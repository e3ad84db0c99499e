/**
 * A date formatter that writes the first of a month as French does. Intl writes "1 décembre
 * 2026"; French typography writes the first day as an ordinal, "1er décembre 2026" (and "1er déc.
 * 2026"), while every other day stays a cardinal. Only where the month is a word: "01/12/2026"
 * stays as it is. Other languages get Intl's text untouched.
 */
export interface DateWriter {
  format(date: Date | number): string;
}

const FIRST_OF_MONTH_FR = '1er';

/** Intl's parts with the French ordinal put in: the day "1" beside a month written as a word. */
export function withFrenchFirstOfMonth(parts: readonly Intl.DateTimeFormatPart[]): string {
  const monthIsWord = parts.some((p) => p.type === 'month' && !/^\d+$/.test(p.value));
  return parts.map((p) => (monthIsWord && p.type === 'day' && p.value === '1' ? FIRST_OF_MONTH_FR : p.value)).join('');
}

/** One formatter, made once by the caller (building one costs more than the text it writes). */
export function dateWriter(locale: string, options: Intl.DateTimeFormatOptions): DateWriter {
  const format = new Intl.DateTimeFormat(locale, options);
  if (!format.resolvedOptions().locale.startsWith('fr')) return format;
  return { format: (date) => withFrenchFirstOfMonth(format.formatToParts(date)) };
}

/** The day of a month as a date's text writes it: "1er" in French, the number otherwise. */
export function dayOfMonth(day: number, language: string): string {
  return language === 'fr' && day === 1 ? FIRST_OF_MONTH_FR : String(day);
}
