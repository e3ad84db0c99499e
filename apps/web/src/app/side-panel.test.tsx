import type { TConfig } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviewKeys } from '../features/review/api/keys';
import { configQueryKey } from '../lib/api/get-config';
import { organizationListQueryKey } from '../lib/api/get-organizations';
import { initI18n } from '../lib/i18n/i18n';
import { setSession } from '../lib/session-store';
import { SidePanel } from './side-panel';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Rita',
  lastName: 'Rossi',
  email: 'rita@example.org',
  roles: [] as string[],
};
const assignment = { assignmentId: '00000000-0000-4000-8000-000000000002', callName: 'Bando Verde' };

function renderPanel(assignments: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  setSession({ status: 'authenticated', token: 't', user });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(configQueryKey, { name: 'Impact Calls', organizationSelection: false } as TConfig);
  client.setQueryData(organizationListQueryKey, []);
  client.setQueryData(reviewKeys.mine, assignments);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter>
          <SidePanel />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  setSession({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('the side panel of someone without an organization', () => {
  it('does not urge a person who only reviews to register an organization', async () => {
    renderPanel([assignment]);
    await screen.findByTestId('reviewer-panel-prompt');
    expect(screen.queryByRole('link', { name: 'Register organization' })).toBeNull();
    expect(screen.queryByText(/Register one to apply/)).toBeNull();
  });

  it('asks anyone else to register one to apply', async () => {
    renderPanel([]);
    await screen.findByRole('link', { name: 'Register organization' });
    expect(screen.queryByTestId('reviewer-panel-prompt')).toBeNull();
  });
});
