import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n/i18n';
import { DateField } from './date-field';

beforeAll(async () => {
  await initI18n('en');
});

function Field({ onDay }: { onDay: (day: string) => void }) {
  const [day, setDay] = useState('2027-02-01');
  return (
    <DateField
      label="Paid on"
      value={day}
      onChange={(next) => {
        setDay(next);
        onDay(next);
      }}
    />
  );
}

describe('a day field', () => {
  it('writes and reads the day first on an English page (the browser wrote it month first)', () => {
    const days: string[] = [];
    render(
      <MantineProvider>
        <Field onDay={(day) => days.push(day)} />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Paid on' }) as HTMLInputElement;
    expect(input.value).toBe('01/02/2027');
    fireEvent.change(input, { target: { value: '31/01/2028' } });
    expect(days.at(-1)).toBe('2028-01-31');
  });

  it('says so when what is typed is no day, since the field puts its day back on leaving it', () => {
    const days: string[] = [];
    render(
      <MantineProvider>
        <Field onDay={(day) => days.push(day)} />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Paid on' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '3/1/26' } });
    fireEvent.blur(input);
    expect(input.value).toBe('01/02/2027');
    expect(days).toEqual([]);
    expect(
      screen.getByText(
        '“3/1/26” is not a valid date: write it as dd/mm/yyyy (for example 31/12/2027). The field keeps the day it had.',
      ),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '03/01/2026' } });
    fireEvent.blur(input);
    expect(days.at(-1)).toBe('2026-01-03');
    expect(screen.queryByText(/is not a valid date/)).toBeNull();
  });

  it('says so when the day typed is outside the days the field takes', () => {
    const days: string[] = [];
    render(
      <MantineProvider>
        <DateField label="Founded on" value="2020-05-01" onChange={(day) => days.push(day)} maxDate="2026-11-30" />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Founded on' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '01/01/2027' } });
    fireEvent.blur(input);
    expect(input.value).toBe('01/05/2020');
    expect(
      screen.getByText(
        '“01/01/2027” is after 30/11/2026, the last day this field takes. The field keeps the day it had.',
      ),
    ).toBeTruthy();
    // Shown how to write a day, with one it takes (a future example in a field that stops at today misled).
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1.5.20' } });
    fireEvent.blur(input);
    expect(screen.getByText(/\(for example 30\/11\/2026\)/)).toBeTruthy();
  });

  it('says an empty field stays empty when what is typed is no date', () => {
    render(
      <MantineProvider>
        <DateField label="Due on" value="" onChange={() => {}} />
      </MantineProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Due on' }) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '31/02/2028' } });
    fireEvent.blur(input);
    expect(input.value).toBe('');
    expect(screen.getByText(/^“31\/02\/2028” is not a valid date: .* The field stays empty\.$/)).toBeTruthy();
  });
});
