import type { TConfig, TGrant } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { initI18n } from '../../../lib/i18n/i18n';
import { PageAnnouncer } from '../../../lib/page-title';
import { aTranche } from '../components/grants-test-data';
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
    showGrantPage('00000000-0000-4000-8000-000000000099');
    await screen.findByRole('heading', { level: 1, name: 'Grants' });
    expect(screen.getByRole('alert').textContent).toBe('This grant does not exist or you cannot see it.');
    await waitFor(() =>
      expect(document.title).toBe('This grant does not exist or you cannot see it. · Grants · Impact Calls'),
    );
  });

  it('shows the grant’s reference among its facts', async () => {
    renderGrant(letterSent);
    expect(await screen.findByText('Reference')).toBeTruthy();
    expect(screen.getByText('2026-0007')).toBeTruthy();
    // The page's title names the organization too (one person may read two grants of one call).
    await waitFor(() => expect(document.title).toMatch(/^Grant: .+ · Aurora/));
  });

  it('says in which language the letter is written when it is not the reader’s', async () => {
    renderGrant(letterSent);
    const said = await screen.findByTestId('letter-language');
    expect(said.textContent).toBe(
      "The letter is written in Italian, the language of your organization's contact: it is the text you accept.",
    );
  });

  it('shows a declined grant with who declined it and the reason given', async () => {
    renderGrant({
      ...letterSent,
      status: 'declined',
      declinedAt: '2026-11-30T11:00:00.000Z',
      declineReason: 'We found other funds',
      declinedByName: 'Otto Neri',
    });
    expect(await screen.findByText(/^Declined by Otto Neri on /)).toBeTruthy();
    expect((await screen.findByTestId('decline-reason')).textContent).toBe('The reason given: We found other funds');
    // Its tranches, still "pending" as planned, are said never to be paid.
    expect((await screen.findByTestId('tranches-declined')).textContent).toBe(
      'The grant was declined: none of these tranches will be paid.',
    );
  });
});

const letterSent: TGrant = {
  id: '00000000-0000-4000-8000-000000000012',
  reference: '2026-0007',
  submissionId: '00000000-0000-4000-8000-000000000013',
  organizationId: '00000000-0000-4000-8000-000000000014',
  organizationName: 'Aurora',
  callId: '00000000-0000-4000-8000-000000000015',
  callName: 'Orti in città',
  amount: 20000,
  currency: 'EUR',
  startsAt: null,
  endsAt: null,
  conditions: '',
  status: 'awaitingAcceptance',
  letterSentAt: '2026-11-30T10:00:00.000Z',
  letterHash: 'a'.repeat(64),
  letterLanguage: 'it',
  acceptedAt: null,
  acceptedByName: null,
  declinedAt: null,
  declineReason: null,
  closedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** The grant page as a grantee reads it, the server answering with `grant`, one pending tranche and no reports. */
function renderGrant(grant: TGrant) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json(
        String(url).includes('Grant/GetGrant?')
          ? grant
          : String(url).includes('Grant/GetTranches')
            ? [aTranche('pending', 0, { grantId: grant.id })]
            : [],
      ),
    ),
  );
  showGrantPage(grant.id);
}

/** The grant page of `grantId` as the app routes it, with the page title's announcer, on what fetch answers. */
function showGrantPage(grantId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/grants/${grantId}`]}>
          <Routes>
            <Route path="/grants/:grantId" element={<GrantPage />} />
          </Routes>
          <PageAnnouncer />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
