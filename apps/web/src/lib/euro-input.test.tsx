import { MantineProvider, NumberInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { amountSeparators, currencyPlacement } from './number-formats';
import { parseTypedAmount } from './typed-amount';

describe('a money field', () => {
  it('puts the call’s currency where the language writes it', () => {
    expect(currencyPlacement('en')).toMatchObject({ symbol: '€', before: true });
    expect(currencyPlacement('it')).toMatchObject({ symbol: '€', before: false });
    expect(currencyPlacement('en', 'GBP')).toMatchObject({ symbol: '£', before: true });
    expect(currencyPlacement('fr', 'GBP')).toMatchObject({ symbol: '£GB', before: false });
    expect(currencyPlacement('en', 'CHF')).toMatchObject({ symbol: 'CHF', before: true });
  });

  it('reads amounts as each language writes them: "1,500" is fifteen hundred in English', () => {
    expect(parseTypedAmount('1,500', 'en')).toBe('1500');
    expect(parseTypedAmount('1,500.25', 'en')).toBe('1500.25');
    expect(parseTypedAmount('1.500,25', 'it')).toBe('1500.25');
    expect(parseTypedAmount('1500,25', 'fr')).toBe('1500.25');
  });
});

/** What a reader types one key at a time (each key a change of the field as it then reads). */
function keyByKey(language: string, text: string) {
  const changed = vi.fn();
  const view = render(
    <MantineProvider>
      <NumberInput label="Value" onChange={changed} {...amountSeparators(language)} />
    </MantineProvider>,
  );
  const input = screen.getByLabelText('Value') as HTMLInputElement;
  for (const key of text) fireEvent.change(input, { target: { value: input.value + key } });
  view.unmount();
  return changed.mock.calls.at(-1)?.[0];
}

describe('a number field typed key by key', () => {
  it('starts decimals only at the language’s decimal mark: "1,250" in English and "1.250" in Italian are 1250', () => {
    expect(keyByKey('en', '1,250')).toBe(1250);
    expect(keyByKey('en', '2.5')).toBe(2.5);
    expect(keyByKey('it', '1.250')).toBe(1250);
    expect(keyByKey('it', '2,5')).toBe(2.5);
    expect(keyByKey('fr', '2,5')).toBe(2.5);
    expect(keyByKey('fr', '2.5')).toBe(2.5);
  });
});
