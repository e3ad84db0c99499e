import type { TConfig, TImpactFramework } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { impactKeys } from '../../../lib/api/impact-frameworks';
import { initI18n } from '../../../lib/i18n/i18n';
import { PageAnnouncer } from '../../../lib/page-title';
import { FrameworkDetailPage } from './framework-detail-page';

const id = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  await initI18n('en');
});

describe('the impact framework page', () => {
  it('is titled with the page first, then the framework', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
    client.setQueryData(impactKeys.framework(id), {
      id,
      name: 'Welfare 2026',
      description: '',
      outcomes: [],
      stakeholders: [],
    } as unknown as TImpactFramework);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={[`/impact-framework/${id}`]}>
            <div id="main">
              <Routes>
                <Route path="/impact-framework/:id" element={<FrameworkDetailPage />} />
              </Routes>
            </div>
            <PageAnnouncer />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Impact framework “Welfare 2026” · Impact Calls'));
    vi.unstubAllGlobals();
  });
});
