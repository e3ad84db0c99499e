import { MantineProvider, NumberInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { amountSeparators, moneyInputProps } from './number-formats';

/** What a reader types in a euro field, as the number stored. */
function typed(language: string, text: string) {
  const changed = vi.fn();
  const view = render(
    <MantineProvider>
      <NumberInput label="Budget" onChange={changed} {...moneyInputProps(language)} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Budget'), { target: { value: text } });
  view.unmount();
  return changed.mock.calls.at(-1)?.[0];
}

describe('a money field', () => {
  it('puts the call’s currency where the language writes it', () => {
    expect(moneyInputProps('en')).toMatchObject({ prefix: '€' });
    expect(moneyInputProps('it')).toMatchObject({ suffix: ' €' });
    expect(moneyInputProps('en', 'GBP')).toMatchObject({ prefix: '£' });
    expect(moneyInputProps('fr', 'GBP')).toMatchObject({ suffix: ' £GB' });
    expect(moneyInputProps('en', 'CHF')).toMatchObject({ prefix: 'CHF ' });
  });

  it('reads amounts as each language writes them: "1,500" is fifteen hundred in English', () => {
    expect(typed('en', '1,500')).toBe(1500);
    expect(typed('en', '1,500.25')).toBe(1500.25);
    expect(typed('it', '1.500,25')).toBe(1500.25);
    expect(typed('fr', '1500,25')).toBe(1500.25);
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
