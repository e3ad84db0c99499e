import { describe, expect, it } from 'vitest';
import { parseDayMonthYear, todayHere } from './day-month-year';

describe('a date of foundation typed by hand', () => {
  it('reads the day first, with slashes, dots or dashes, and the ISO form', () => {
    expect(parseDayMonthYear('15/03/1998')).toBe('1998-03-15');
    expect(parseDayMonthYear(' 5.3.1998 ')).toBe('1998-03-05');
    expect(parseDayMonthYear('05-03-1998')).toBe('1998-03-05');
    expect(parseDayMonthYear('1998-03-15')).toBe('1998-03-15');
  });

  it('refuses a day that does not exist and what is not a date', () => {
    expect(parseDayMonthYear('31/02/2020')).toBeNull();
    expect(parseDayMonthYear('13/13/2020')).toBeNull();
    expect(parseDayMonthYear('03/15')).toBeNull();
    expect(parseDayMonthYear('marzo 1998')).toBeNull();
    expect(parseDayMonthYear('')).toBeNull();
  });
});

describe("today's day", () => {
  it('is the reader’s own, not the UTC day', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 22:30 on 30 November in New York is already 1 December in UTC.
      expect(todayHere(new Date('2026-12-01T03:30:00Z'))).toBe('2026-11-30');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});
