import { describe, expect, it } from 'vitest';
import { parseDayFirst } from './day-first-date';

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
