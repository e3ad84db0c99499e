import { describe, expect, it } from 'vitest';
import { portfolioFilters } from './portfolio-tab';

describe('the portfolio filters in the address', () => {
  it('reads an SDG and a year, and ignores what is not one', () => {
    expect(portfolioFilters(new URLSearchParams('tab=portfolio&sdg=10&year=2026'))).toEqual({ sdg: 10, year: 2026 });
    expect(portfolioFilters(new URLSearchParams('tab=portfolio'))).toEqual({});
    expect(portfolioFilters(new URLSearchParams('sdg=18&year=abc'))).toEqual({});
    expect(portfolioFilters(new URLSearchParams('sdg=&year=1999'))).toEqual({});
  });
});
