import { describe, expect, it } from 'vitest';
import { parseDayFirst, todayHere } from './day-first-date';

describe('a day typed day first', () => {
  it('reads the day first whatever the mark, and an ISO date as pasted', () => {
    expect(parseDayFirst('31/01/2028')).toBe('2028-01-31');
    expect(parseDayFirst(' 1.2.2027 ')).toBe('2027-02-01');
    expect(parseDayFirst('01-02-2027')).toBe('2027-02-01');
    expect(parseDayFirst('2028-01-31')).toBe('2028-01-31');
  });

  it('refuses what is no day of the calendar, and guesses nothing', () => {
    expect(parseDayFirst('31/02/2028')).toBeNull();
    expect(parseDayFirst('13/13/2027')).toBeNull();
    expect(parseDayFirst('2/1/27')).toBeNull();
    expect(parseDayFirst('January 5, 2027')).toBeNull();
    expect(parseDayFirst('')).toBeNull();
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
