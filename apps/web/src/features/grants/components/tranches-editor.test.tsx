import type { TGrant } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { aTranche, serveJson } from './grants-test-data';
import { TranchesEditor } from './tranches-editor';

const grant = {
  id: '00000000-0000-4000-8000-000000000012',
  callId: '00000000-0000-4000-8000-000000000013',
  status: 'draft',
  currency: 'EUR',
  amount: 10000,
} as TGrant;

afterEach(() => vi.unstubAllGlobals());

describe('the tranches editor', () => {
  it('says when its rows differ from the saved plan, so that the dialog asks before dropping them', async () => {
    await initI18n('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify([]), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const onDirty = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <TranchesEditor grant={grant} onDirty={onDirty} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a tranche' }));
    await waitFor(() => expect(onDirty).toHaveBeenLastCalledWith(true));
    expect(onDirty).toHaveBeenCalledWith(false);
  });

  it('keeps the rows typed and not saved when a tranche is marked paid, and says the payment is for the tranche as saved', async () => {
    await initI18n('en');
    const first = aTranche('payable', 0, { amount: 4000 });
    const second = aTranche('pending', 1, { amount: 4000 });
    serveJson((url) => {
      if (url.includes('MarkTranchePaid')) return [aTranche('paid', 0, { amount: 4000 }), second];
      if (url.includes('GetTranches')) return [first, second];
    });
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <TranchesEditor grant={{ ...grant, status: 'active' } as TGrant} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const firstAmount = await screen.findByLabelText(/Tranche 1: amount/);
    fireEvent.change(firstAmount, { target: { value: '4500' } });
    fireEvent.change(screen.getByLabelText(/Tranche 2: amount/), { target: { value: '6000' } });
    fireEvent.click(screen.getByRole('button', { name: /Mark paid/ }));
    const popover = await screen.findByRole('dialog');
    within(popover).getByText(/payment is recorded for the tranche as it was saved/);
    fireEvent.change(within(popover).getByLabelText(/Payment reference/), { target: { value: 'CRO 1' } });
    fireEvent.click(within(popover).getByRole('button', { name: 'Record the payment' }));
    // The paid tranche leaves the plan; the second keeps what was typed, now numbered 2 after the paid one.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Mark paid/ })).toBeNull());
    expect(screen.getAllByRole('textbox', { name: /Tranche \d/ })).toHaveLength(1);
    expect((screen.getByLabelText(/Tranche 2: amount/) as HTMLInputElement).value).toMatch(/6[,.]?000/);
  });

  it('shows the plan as saved when someone else saved it meanwhile, and never plans a tranche they then paid again', async () => {
    await initI18n('en');
    let answer = [aTranche('payable', 41, { position: 0 }), aTranche('pending', 42, { position: 1 })];
    serveJson((url) => (url.includes('GetTranches') ? answer : undefined));
    const client = new QueryClient();
    const onDirty = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <TranchesEditor grant={{ ...grant, status: 'active' } as TGrant} onDirty={onDirty} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/Tranche 1: amount/), { target: { value: '4500' } });
    await waitFor(() => expect(onDirty).toHaveBeenLastCalledWith(true));
    // A colleague saved the plan (new ids) and paid its first tranche.
    answer = [aTranche('paid', 51, { position: 0 }), aTranche('pending', 52, { position: 1 })];
    await act(() => client.invalidateQueries());
    await screen.findByText(/Someone else saved the tranches meanwhile/);
    expect(screen.getAllByRole('textbox', { name: /Tranche \d: amount/ })).toHaveLength(1);
    expect((screen.getByLabelText(/Tranche 2: amount/) as HTMLInputElement).value).toMatch(/5[,.]?000/);
    await waitFor(() => expect(onDirty).toHaveBeenLastCalledWith(false));
  });

  it('is no longer changed once a new tranche is saved', async () => {
    await initI18n('en');
    let saved: ReturnType<typeof aTranche>[] = [];
    serveJson((url) => {
      if (url.includes('SaveTranches')) saved = [aTranche('payable', 0, { amount: 36000 })];
      if (url.includes('Tranches')) return saved;
    });
    const onDirty = vi.fn();
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <TranchesEditor grant={{ ...grant, status: 'active' } as TGrant} onDirty={onDirty} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add a tranche' }));
    fireEvent.change(screen.getByLabelText(/Tranche 1: amount/), { target: { value: '36000' } });
    await waitFor(() => expect(onDirty).toHaveBeenLastCalledWith(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save tranches' }));
    await screen.findByText('Payable');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onDirty).toHaveBeenLastCalledWith(false);
  });
});
