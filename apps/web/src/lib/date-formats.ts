/**
 * Date formatters kept per language and options, for the admin lists (50 rows, two dates each):
 * `Date.toLocaleString(lang, options)` builds a new Intl.DateTimeFormat on every call (locale
 * lookup and pattern compilation, 0.1-0.3 ms each). The applicant's call cards avoid Intl
 * altogether (local-dates.ts).
 */
import { type DateWriter, dateWriter } from '@impact/domain';

const formats = new Map<string, DateWriter>();

/**
 * The locale an interface language writes dates in: English as in Britain ("5 Sept 2026, 14:04"),
 * as the mails, letters and PDFs do (the server's LOCALES), not the United States' month first
 * and twelve hours.
 */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/** French writes the first of a month "1er" (`dateWriter`). */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions): DateWriter {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = dateWriter(dateLocale(language), options);
    formats.set(key, format);
  }
  return format;
}

/** A moment as pages write it: "12 mar 2027, 10:30". */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A calendar day (`YYYY-MM-DD`) in the reader's language ("29 nov 2026"), read as the day it names. */
export function calendarDay(day: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** What a date-and-time field (`components/date-time-field.tsx`) gives and takes: local time, to the second. */
export const DATE_TIME_FIELD_FORMAT = 'YYYY-MM-DD HH:mm:ss';
