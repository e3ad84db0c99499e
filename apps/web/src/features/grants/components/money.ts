import { calendarDay } from '../../../lib/date-formats';
import { money } from '../../../lib/number-formats';

/** An amount in the interface's language ("48.000,50 €" in Italian), in the grant's currency. */
export function formatMoney(amount: number, currency: string, language: string): string {
  return money(amount, language, currency);
}

/** A calendar day (`YYYY-MM-DD`) in the interface's language, read as the day it names. */
export function formatDay(day: string | null, language: string): string {
  return day ? calendarDay(day, language) : '—';
}

/** A grant's period ("1 gen 2027 – 31 dic 2027"), or null while neither day is set. */
export function formatPeriod(start: string | null, end: string | null, language: string): string | null {
  if (!start && !end) return null;
  return `${formatDay(start, language)} – ${formatDay(end, language)}`;
}
