import { describe, expect, it } from 'vitest';
import { currenciesByUse } from './portfolio';

describe('the portfolio’s currencies', () => {
  it('puts first the currency most grants are in, ties by name', () => {
    const grants = (...currencies: string[]) => currencies.map((currency) => ({ currency }));
    expect(currenciesByUse(grants('CHF', 'EUR', 'EUR', 'EUR'))).toEqual(['EUR', 'CHF']);
    expect(currenciesByUse(grants('GBP', 'EUR'))).toEqual(['EUR', 'GBP']);
    expect(currenciesByUse([])).toEqual([]);
  });
});
