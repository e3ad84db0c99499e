import type { TGrant } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
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
});
