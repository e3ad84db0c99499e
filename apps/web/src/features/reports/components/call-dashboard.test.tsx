import { SDG_CODES, type TCallDashboard } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { reportKeys } from '../api/keys';
import { CallDashboard } from './call-dashboard';

const callId = '00000000-0000-4000-8000-000000000001';
const step = (n: number, stepType: string) => ({
  stepId: `00000000-0000-4000-8000-00000000001${n}`,
  name: `Step ${n}`,
  stepType,
  answered: 1,
  answeredClosed: 1,
});
const dashboard = (impactFigures: boolean, withBudgetStep = false): TCallDashboard => ({
  callId,
  callName: 'Bando Verde',
  currency: 'EUR',
  computedAt: '2026-11-25T10:00:00Z',
  submissions: 1,
  closed: 1,
  timeline: [{ day: '2026-11-25', started: 1, closed: 1 }],
  steps: [
    step(1, 'text'),
    ...(impactFigures ? [step(2, 'miniDyi')] : []),
    ...(withBudgetStep ? [step(3, 'budget')] : []),
  ],
  countries: [{ key: 'IT', count: 1 }],
  sdgs: SDG_CODES.map((sdg) => ({ sdg, count: 0, budget: 0 })),
  sroi: { buckets: [], withRatio: 0, overThreshold: 0, median: null },
  outcomes: [],
  stakeholders: [],
  budget: { total: 0, answers: 0 },
  impactFigures,
});

/** The dashboard on cached figures; the organization table's request waits forever. */
function renderDashboard(impactFigures: boolean, withBudgetStep = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(reportKeys.dashboard(callId), dashboard(impactFigures, withBudgetStep));
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <CallDashboard callId={callId} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const impactHeadings = /SDG|SROI|budget|outcome|stakeholder/i;

describe('the call dashboard', () => {
  it('shows no SDG, budget or SROI chart for a call without an impact step (they would stay blank)', async () => {
    renderDashboard(false);
    await screen.findByRole('heading', { name: /over time/i });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent ?? '');
    expect(headings.filter((h) => impactHeadings.test(h))).toEqual([]);
    expect(screen.queryByText(/median SROI/i)).toBeNull();
  });

  it('writes the days of its tables as the other pages do, not as the server sends them', async () => {
    renderDashboard(false);
    await screen.findByRole('heading', { name: /over time/i });
    fireEvent.click(screen.getAllByText('Table')[0] as HTMLElement);
    expect(await screen.findByRole('cell', { name: '25 Nov 2026' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: '2026-11-25' })).toBeNull();
  });

  it('shows them for a call with one', async () => {
    renderDashboard(true);
    await screen.findByRole('heading', { name: /over time/i });
    const headings = screen.getAllByRole('heading').map((h) => h.textContent ?? '');
    expect(headings.filter((h) => impactHeadings.test(h)).length).toBeGreaterThanOrEqual(5);
  });

  it('names the impact budgets the projects’ total cost when the call has a budget step', async () => {
    const asked = renderDashboard(true);
    await screen.findByRole('heading', { name: /over time/i });
    expect(screen.getByText('Budget requested')).toBeTruthy();
    asked.unmount();
    renderDashboard(true, true);
    await screen.findByRole('heading', { name: /over time/i });
    expect(screen.getByText('Projects’ total cost')).toBeTruthy();
    expect(screen.queryByText('Budget requested')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Projects’ total cost per SDG' })).toBeTruthy();
  });
});
