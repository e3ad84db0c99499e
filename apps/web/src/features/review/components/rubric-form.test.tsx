import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { UnsavedPartsProbe } from '../../../lib/unsaved-parts-probe';
import { RubricForm } from './rubric-form';

const callId = '00000000-0000-4000-8000-000000000001';

function show() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return Promise.resolve(new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <UnsavedPartsProbe>
          <RubricForm
            callId={callId}
            data={{ rubric: null, locked: false, callClosingAt: '2027-01-01T00:00:00.000Z' }}
          />
        </UnsavedPartsProbe>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return sent;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the rubric form', () => {
  it('never puts a number of its own in a field left empty: Save names the fields and sends nothing', async () => {
    const sent = show();
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '' } });
    expect((screen.getByLabelText('Max') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    // The criterion has no name and no maximum: both said on their fields, the keyboard on the first.
    await waitFor(() => expect(screen.getByLabelText(/Criterion/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Max').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Criterion/)));
    expect(sent).toEqual([]);
  });

  it('says a description too long on its field, and never saves without saying why', async () => {
    const sent = show();
    fireEvent.change(screen.getByLabelText(/Criterion/), { target: { value: 'Impatto' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toEqual([]);
  });

  it('sends what was typed once it holds', async () => {
    const sent = show();
    fireEvent.change(screen.getByLabelText(/Criterion/), { target: { value: 'Impatto' } });
    fireEvent.change(screen.getByLabelText('Max'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ criteria: [{ name: 'Impatto', min: 0, max: 10, weight: 1 }] });
  });

  it('tells the call editor it holds criteria not saved, until they are saved', async () => {
    const sent = show();
    const unsaved = screen.getByTestId('unsaved-parts');
    // The starting criterion untouched is nothing to lose.
    expect(unsaved.textContent).toBe('');
    fireEvent.change(screen.getByLabelText(/Criterion/), { target: { value: 'Impatto' } });
    await waitFor(() => expect(unsaved.textContent).toBe('form'));
    fireEvent.click(screen.getByRole('button', { name: 'Save rubric' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(unsaved.textContent).toBe(''));
  });
});
