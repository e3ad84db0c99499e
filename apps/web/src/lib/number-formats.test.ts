import { describe, expect, it } from 'vitest';
import { fixedNumber, money } from './number-formats';

describe('numbers as the reader writes them', () => {
  it('scores and ratios with their decimals in it, en and fr; a dash for none', () => {
    expect(fixedNumber(80, 'it', 1)).toBe('80,0');
    expect(fixedNumber(2.587, 'en', 2)).toBe('2.59');
    expect(fixedNumber(1234.5, 'fr', 1)).toMatch(/^1\s234,5$/);
    expect(fixedNumber(null, 'it', 1)).toBe('—');
    expect(fixedNumber(Number.NaN, 'it', 1)).toBe('—');
  });
  it('money with its currency', () => {
    expect(money(65000.5, 'it')).toMatch(/^65\.000,50\s€$/);
    expect(money(65000.5, 'en')).toBe('€65,000.50');
    expect(money(null, 'it')).toBe('—');
  });
});
