import type { TApplicantScreener, TConfig } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { initI18n } from '../../../lib/i18n/i18n';
import { syncOrganizations } from '../../../lib/selected-organization';
import { setSession } from '../../../lib/session-store';
import { EligibilityPage } from './eligibility-page';

const callId = '00000000-0000-4000-8000-000000000001';
const organizationId = '00000000-0000-4000-8000-000000000002';
const submissionId = '00000000-0000-4000-8000-000000000003';
const user = {
  id: '00000000-0000-4000-8000-000000000009',
  firstName: 'Rita',
  lastName: 'Rossi',
  email: 'r@x.org',
  roles: [],
};
const MODEL = { pages: [{ name: 'p', elements: [{ type: 'boolean', name: 'nonProfit', isRequired: true }] }] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(screener: TApplicantScreener, requests: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      const path = new URL(url).pathname;
      requests.push(path);
      if (path.endsWith('/Call/GetScreener')) return json(200, screener);
      if (path.endsWith('/Call/UpsertCallSubmission')) return json(200, { id: submissionId, closed: false });
      return new Promise<Response>(() => {});
    }),
  );
  setSession({ status: 'authenticated', token: 't', user });
  syncOrganizations([organizationId]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(configQueryKey, { name: 'Fondazione Aurora' } as TConfig);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/calls/${callId}/eligibility`]}>
          <Routes>
            <Route path="/calls/:callId/eligibility" element={<EligibilityPage />} />
            <Route path="/call/:submissionId/*" element={<p>the wizard</p>} />
          </Routes>
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

describe('the eligibility page', () => {
  it('shows an ineligible organization the reasons and whom to write to, and lets it answer again', async () => {
    renderPage(
      {
        callName: 'Giovani al lavoro',
        callNameLanguage: 'it',
        model: MODEL,
        contact: 'bandi@aurora.example',
        latest: { eligible: false, reasons: ['Non-profits only.'], at: '2026-11-27T10:00:00.000Z' },
      },
      [],
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Eligibility: Giovani al lavoro' });
    // The call's name, not written in English, says it is Italian; the words around it do not.
    expect(within(heading).getByText('Giovani al lavoro').getAttribute('lang')).toBe('it');
    expect(heading.getAttribute('lang')).toBeNull();
    expect(screen.getByText('Your organization is not eligible')).toBeTruthy();
    expect(screen.getByText('Non-profits only.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bandi@aurora.example' }).getAttribute('href')).toBe(
      'mailto:bandi@aurora.example',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(await screen.findByRole('button', { name: 'Check eligibility' })).toBeTruthy();
    // The keyboard goes to the questions that replaced the verdict (it fell to the page's top).
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'The eligibility questions' })),
    );
  });

  it('names the site when the screener has no contact', async () => {
    renderPage(
      {
        callName: 'Bando',
        model: MODEL,
        contact: '',
        latest: { eligible: false, reasons: ['No.'], at: '2026-11-27T10:00:00.000Z' },
      },
      [],
    );
    expect(await screen.findByText('For questions about the call, contact Fondazione Aurora.')).toBeTruthy();
    expect(screen.getByText('Bando').hasAttribute('lang')).toBe(false);
  });

  it('lets an eligible organization start its application', async () => {
    const requests: string[] = [];
    renderPage(
      {
        callName: 'Bando',
        model: MODEL,
        contact: '',
        latest: { eligible: true, reasons: [], at: '2026-11-27T10:00:00.000Z' },
      },
      requests,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start the application' }));
    expect(await screen.findByText('the wizard')).toBeTruthy();
    expect(requests.some((p) => p.endsWith('/Call/UpsertCallSubmission'))).toBe(true);
  });
});
