import { describe, expect, it } from 'vitest';
import { portfolioFilters } from './portfolio-tab';

describe('the portfolio filters in the address', () => {
  it('reads an SDG and a year, and ignores what is not one', () => {
    const year = new Date().getUTCFullYear();
    expect(portfolioFilters(new URLSearchParams(`tab=portfolio&sdg=10&year=${year}`))).toEqual({ sdg: 10, year });
    // A year the list does not offer could be neither seen nor cleared there.
    expect(portfolioFilters(new URLSearchParams('year=2001'))).toEqual({});
    expect(portfolioFilters(new URLSearchParams('tab=portfolio'))).toEqual({});
    expect(portfolioFilters(new URLSearchParams('sdg=18&year=abc'))).toEqual({});
    expect(portfolioFilters(new URLSearchParams('sdg=&year=1999'))).toEqual({});
  });
});
