import type { TGrant } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { GrantTermsForm } from './grant-terms-form';

const grant = {
  id: '00000000-0000-4000-8000-000000000021',
  status: 'draft',
  currency: 'EUR',
  amount: 10000,
  startsAt: null,
  endsAt: null,
  conditions: '',
} as unknown as TGrant;

beforeAll(async () => {
  await initI18n('it');
});
afterAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the grant terms form', () => {
  it('reads "50.000" typed in Italian as fifty thousand, and asks for an emptied amount rather than sending 0', async () => {
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body ?? '{}')));
        return new Response(JSON.stringify({ ...grant, amount: 50000 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const onDone = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <GrantTermsForm grant={grant} onDone={onDone} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const amount = screen.getByRole('textbox', { name: /Importo assegnato/ });
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva condizioni' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(amount, { target: { value: '50.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva condizioni' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ grantId: grant.id, amount: 50000 });
  });
});
