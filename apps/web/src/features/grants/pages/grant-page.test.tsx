import type { TConfig } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { initI18n } from '../../../lib/i18n/i18n';
import { PageAnnouncer } from '../../../lib/page-title';
import { GrantPage } from './grant-page';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the grant page', () => {
  it('a grant not found still has its heading and says so in its title', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { type: '/problems/not-found', title: 'Not found', status: 404, messageKey: 'errors.grants.notFound' },
          { status: 404 },
        ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={['/grants/00000000-0000-4000-8000-000000000099']}>
            <Routes>
              <Route path="/grants/:grantId" element={<GrantPage />} />
            </Routes>
            <PageAnnouncer />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Grants' });
    expect(screen.getByRole('alert').textContent).toBe('This grant does not exist or you cannot see it.');
    await waitFor(() =>
      expect(document.title).toBe('This grant does not exist or you cannot see it. · Grants · Impact Calls'),
    );
  });
});
