import type { TApplicantHistory } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { ApplicantHistoryPanel } from './applicant-history-panel';

const uuid = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const history: TApplicantHistory = {
  organization: { id: uuid(1), name: 'Il Melo', regNumber: '01234567890', country: 'IT' },
  submissions: [
    {
      id: uuid(10),
      callId: uuid(20),
      callName: 'Caring Communities 2026',
      stage: 1,
      submitted: true,
      startedAt: '2026-11-20T10:00:00Z',
      submittedAt: '2026-11-28T10:00:00Z',
      outcome: null,
      current: true,
    },
    {
      id: uuid(11),
      callId: uuid(21),
      callName: 'Orti in città 2025',
      stage: 1,
      submitted: true,
      startedAt: '2025-03-01T10:00:00Z',
      submittedAt: null,
      outcome: 'accepted',
      current: false,
    },
  ],
  grants: [
    {
      id: uuid(30),
      reference: '2026-0001',
      callName: 'Orti in città 2025',
      status: 'active',
      amount: 45000,
      currency: 'EUR',
      reportsOverdue: 1,
    },
  ],
  lookalikes: [
    {
      id: uuid(40),
      name: 'Melo Coop',
      regNumber: 'IT 012 345 678 90',
      reasons: ['regNumber', 'contactEmail'],
      applications: 1,
      sameCall: true,
    },
  ],
};

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(['applicant-history', uuid(10)], history);
  client.setQueryData(['applicant-history', uuid(11)], history);
  const panel = (submissionId: string) => (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <MemoryRouter>
          <ApplicantHistoryPanel submissionId={submissionId} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  const view = render(panel(uuid(10)));
  return { openOther: () => view.rerender(panel(uuid(11))) };
}

describe("the applicant's history", () => {
  it('sums up the other applications and grants, and warns of lookalikes', async () => {
    await initI18n('en');
    renderPanel();
    screen.getByText('1 other application · 1 grant');
    screen.getByText('1 other organization looks like this one.');
  });

  it('opens the history: this application marked, the others linked, each lookalike with its reasons', async () => {
    await initI18n('en');
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Applicant history' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Il Melo' });
    within(dialog).getByText('Caring Communities 2026 (this application)');
    expect(within(dialog).getByRole('link', { name: 'Orti in città 2025' }).getAttribute('href')).toBe(
      `/call/${uuid(11)}/0/0?readonly=true`,
    );
    expect(within(dialog).getByRole('link', { name: '2026-0001 · Orti in città 2025' }).getAttribute('href')).toBe(
      `/grants/${uuid(30)}`,
    );
    within(dialog).getByText('1 report overdue');
    within(dialog).getByText(/^Submitted 28 Nov 2026/);
    within(dialog).getByText(/^Started 1 Mar 2025/);
    within(dialog).getByText('Also applied to this call');
    within(dialog).getByText('Same registration number');
    within(dialog).getByText('Same contact e-mail');
  });

  it('closes its dialog when another application is opened from it', async () => {
    await initI18n('en');
    const { openOther } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Applicant history' }));
    await screen.findByRole('dialog');
    openOther();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
