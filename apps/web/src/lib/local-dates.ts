import { dayOfMonth } from '@impact/domain';

/**
 * The call cards' dates, written out from the Date's own fields (the reader's time zone) in the
 * form Intl gives for it (English as in Britain, `dateLocale`): "15 nov 2026, 02:04", "15 Nov 2026, 02:04". The first
 * Intl.DateTimeFormat a page creates loads the time-zone and calendar data, 25-50 ms of one
 * task on a laptop and four times that on a slow phone; the call list is the first page an
 * applicant sees, so its dates do without it. local-dates.test.ts holds the output
 * equal to Intl's; any other language goes through Intl.
 */
const MONTHS_SHORT: Record<string, readonly string[]> = {
  it: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
};
const MONTHS_LONG: Record<string, readonly string[]> = {
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

const two = (n: number) => String(n).padStart(2, '0');

/** `{ dateStyle: 'medium', timeStyle: 'short' }` */
export function mediumDateTime(date: Date, language: string): string {
  const month = MONTHS_SHORT[language]?.[date.getMonth()];
  if (!month) return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  const [d, y, h, m] = [date.getDate(), date.getFullYear(), date.getHours(), date.getMinutes()];
  return `${dayOfMonth(d, language)} ${month} ${y}, ${two(h)}:${two(m)}`;
}

/** `{ day: 'numeric', month: 'long' }` */
export function dayAndMonth(date: Date, language: string): string {
  const month = MONTHS_LONG[language]?.[date.getMonth()];
  if (!month) return date.toLocaleDateString(language, { day: 'numeric', month: 'long' });
  return `${dayOfMonth(date.getDate(), language)} ${month}`;
}
