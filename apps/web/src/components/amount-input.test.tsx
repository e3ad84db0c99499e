import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { AmountInput, FIGURE_DECIMALS } from './amount-input';

beforeAll(async () => {
  await initI18n('it');
});
afterAll(async () => {
  await initI18n('en');
});

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('AmountInput', () => {
  it('shows a value with more decimals than cents where the field takes them (a proxy from a framework), and reads them back', () => {
    const read: Array<number | null> = [];
    render(
      <MantineProvider>
        <AmountInput label="Proxy" value={2.125} decimals={FIGURE_DECIMALS} onChange={(v) => read.push(v)} />
        <AmountInput label="Importo" value={14000.5} currency="EUR" onChange={() => {}} />
      </MantineProvider>,
    );
    expect(field('Proxy').value).toBe('2,125');
    expect(field('Proxy').getAttribute('aria-invalid')).not.toBe('true');
    expect(field('Importo').value).toBe('14.000,50');
    fireEvent.change(field('Proxy'), { target: { value: '0,0375' } });
    expect(read.at(-1)).toBe(0.0375);
    // Money has cents at most: three decimals cannot be read without guessing.
    fireEvent.change(field('Importo'), { target: { value: '12,345' } });
    expect(field('Importo').getAttribute('aria-invalid')).toBe('true');
  });

  it('writes the value anew in another language, never reading a text typed in the last one otherwise', async () => {
    const read: Array<number | null> = [];
    render(
      <MantineProvider>
        <AmountInput label="Importo" value={null} onChange={(v) => read.push(v)} />
      </MantineProvider>,
    );
    fireEvent.change(field('Importo'), { target: { value: '12,345' } });
    expect(field('Importo').getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      await initI18n('en');
    });
    // "12,345" would read as twelve thousand in English: it stays as typed, still to mend, never
    // read behind the person's back (nor lost).
    expect(field('Importo').value).toBe('12,345');
    expect(field('Importo').getAttribute('aria-invalid')).toBe('true');
    expect(read.at(-1)).toBeNull();
    // Edited in the new language, it is read in it.
    fireEvent.change(field('Importo'), { target: { value: '12,345.5' } });
    expect(field('Importo').getAttribute('aria-invalid')).not.toBe('true');
    expect(read.at(-1)).toBe(12345.5);
    await act(async () => {
      await initI18n('it');
    });
  });

  it('lets a value from outside replace a text held across languages, leaving nothing to mend', async () => {
    const view = render(
      <MantineProvider>
        <AmountInput label="Importo" value={null} onChange={() => {}} />
      </MantineProvider>,
    );
    fireEvent.change(field('Importo'), { target: { value: '12,345' } });
    await act(async () => {
      await initI18n('en');
    });
    expect(field('Importo').getAttribute('aria-invalid')).toBe('true');
    view.rerender(
      <MantineProvider>
        <AmountInput label="Importo" value={500} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(field('Importo').value).toBe('500');
    expect(field('Importo').getAttribute('aria-invalid')).not.toBe('true');
    await act(async () => {
      await initI18n('it');
    });
  });

  it('writes a readable figure anew in another language', async () => {
    render(
      <MantineProvider>
        <AmountInput label="Importo" value={14000.5} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(field('Importo').value).toBe('14.000,50');
    await act(async () => {
      await initI18n('en');
    });
    expect(field('Importo').value).toBe('14,000.50');
    await act(async () => {
      await initI18n('it');
    });
  });
});
