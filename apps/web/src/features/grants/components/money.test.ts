import { describe, expect, it } from 'vitest';
import { formatPeriod } from './money';

describe("a grant's period", () => {
  it('is none while neither day is set (the page says so in words), and a dash for the one missing', () => {
    expect(formatPeriod(null, null, 'it')).toBeNull();
    expect(formatPeriod('2027-01-01', '2027-12-31', 'it')).toBe('1 gen 2027 – 31 dic 2027');
    expect(formatPeriod('2027-01-01', null, 'en')).toBe('1 Jan 2027 – —');
  });
});
