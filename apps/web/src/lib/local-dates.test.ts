import { dateWriter } from '@impact/domain';
import { describe, expect, it } from 'vitest';
import { dateLocale } from './date-formats';
import { dayAndMonth, mediumDateTime } from './local-dates';

/**
 * The hand-written card dates read exactly as the app's other dates (Intl, with French's "1er"),
 * at every hour and in every month.
 */
describe('card dates without Intl', () => {
  const dates: Date[] = [];
  for (let month = 0; month < 12; month++) {
    for (const [day, hour, minute] of [
      [1, 0, 0],
      [9, 0, 5],
      [15, 2, 4],
      [28, 11, 59],
      [30, 12, 0],
      [31, 23, 30],
    ] as const) {
      dates.push(new Date(2026, month, day, hour, minute));
    }
  }

  for (const language of ['it', 'en', 'fr']) {
    it(`${language}: as Intl's medium date with short time, and day with long month`, () => {
      for (const date of dates) {
        const intl = dateWriter(dateLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
        // Some ICU versions put a narrow no-break space before AM/PM: the same text to a reader.
        expect(mediumDateTime(date, language), date.toString()).toBe(intl.replace(/\u202f/g, ' '));
        const long = dateWriter(dateLocale(language), { day: 'numeric', month: 'long' }).format(date);
        expect(dayAndMonth(date, language)).toBe(long);
      }
    });
  }

  it('French writes the first of a month as an ordinal', () => {
    expect(mediumDateTime(new Date(2026, 11, 1, 9, 5), 'fr')).toBe('1er déc. 2026, 09:05');
    expect(dayAndMonth(new Date(2026, 11, 1), 'fr')).toBe('1er décembre');
  });

  it('another language goes through Intl', () => {
    const date = new Date(2026, 4, 3, 14, 30);
    expect(mediumDateTime(date, 'de')).toBe(date.toLocaleString('de', { dateStyle: 'medium', timeStyle: 'short' }));
  });
});
