import { MantineProvider, NumberInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { euroInputProps } from './number-formats';

/** What a reader types in a euro field, as the number stored. */
function typed(language: string, text: string) {
  const changed = vi.fn();
  const view = render(
    <MantineProvider>
      <NumberInput label="Budget" onChange={changed} {...euroInputProps(language)} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByLabelText('Budget'), { target: { value: text } });
  view.unmount();
  return changed.mock.calls.at(-1)?.[0];
}

describe('a euro field', () => {
  it('reads amounts as each language writes them: "1,500" is fifteen hundred in English', () => {
    expect(typed('en', '1,500')).toBe(1500);
    expect(typed('en', '1,500.25')).toBe(1500.25);
    expect(typed('it', '1.500,25')).toBe(1500.25);
    expect(typed('fr', '1500,25')).toBe(1500.25);
  });
});
