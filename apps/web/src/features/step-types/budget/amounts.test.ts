import { describe, expect, it } from 'vitest';
import { amountForInput, parseTypedAmount } from '../../../lib/typed-amount';
import { pastedRows, typedAmountError } from './amounts';

describe('amounts as the applicant types them', () => {
  it('reads each language’s marks, and a spreadsheet’s dot decimal', () => {
    expect(parseTypedAmount('1.234,56', 'it')).toBe('1234.56');
    expect(parseTypedAmount('1 234,56 €', 'fr')).toBe('1234.56');
    expect(parseTypedAmount('1,234.56', 'en')).toBe('1234.56');
    expect(parseTypedAmount('1234.5', 'it')).toBe('1234.5');
    expect(parseTypedAmount('', 'it')).toBe('');
    expect(parseTypedAmount('dieci', 'it')).toBeNull();
  });

  it('never guesses: a French dot groups thousands, a misplaced group mark or a third decimal is refused', () => {
    expect(parseTypedAmount('12.000', 'fr')).toBe('12000');
    expect(parseTypedAmount('1.234.567,8', 'fr')).toBe('1234567.8');
    expect(parseTypedAmount('12.000', 'it')).toBe('12000');
    expect(parseTypedAmount('12.5', 'fr')).toBe('12.5');
    expect(parseTypedAmount('12,345', 'fr')).toBeNull();
    expect(parseTypedAmount('12,34', 'en')).toBeNull();
    expect(parseTypedAmount('1.23.456', 'it')).toBeNull();
    expect(parseTypedAmount('12,5,0', 'it')).toBeNull();
    expect(parseTypedAmount('1,000,000', 'en')).toBe('1000000');
    expect(parseTypedAmount('-12', 'it')).toBe('-12');
    expect(typedAmountError('12,345', 'fr')).toBe('errors.budget.amountInvalid');
    // A first group of 0 groups nothing: 0.500 is not five hundred.
    expect(parseTypedAmount('0.500', 'fr')).toBeNull();
    expect(parseTypedAmount('0.125', 'it')).toBeNull();
    expect(parseTypedAmount('0,125', 'en')).toBeNull();
    expect(parseTypedAmount('0,50', 'it')).toBe('0.50');
    // A mark left at the end adds nothing.
    expect(parseTypedAmount('5.', 'it')).toBe('5');
    expect(parseTypedAmount('5,', 'en')).toBe('5');
  });

  it('flags negative, too large and unreadable amounts', () => {
    expect(typedAmountError('-5', 'it')).toBe('errors.budget.amountNegative');
    expect(typedAmountError('2.000.000.000.000', 'it')).toBe('errors.budget.amountTooLarge');
    expect(typedAmountError('abc', 'en')).toBe('errors.budget.amountInvalid');
    expect(typedAmountError('1.000.000.000.000', 'it')).toBeNull();
  });

  it('shows a stored decimal in the reader’s language', () => {
    expect(amountForInput('1234.50', 'it')).toBe('1234,50');
    expect(amountForInput('45000.00', 'it')).toBe('45000');
    expect(amountForInput('1234.50', 'en')).toBe('1234.50');
  });

  it('turns tab-separated rows into lines, a category named in the first cell picking it', () => {
    const rows = pastedRows('Affitto\t1.000\t2.000,5\r\nTravel\tTreno Roma\t300\t\n\n', 'it', (cell) =>
      cell === 'Travel' ? 'travel' : null,
    );
    expect(rows).toEqual([
      { category: null, description: 'Affitto', amounts: ['1.000', '2.000,5'] },
      { category: 'travel', description: 'Treno Roma', amounts: ['300', ''] },
    ]);
  });
});
