import type { TGrant, TGrantReport, TTranche } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { CloseGrant } from './close-grant';
import { aTranche, serveJson } from './grants-test-data';

const grantId = '00000000-0000-4000-8000-000000000012';
const grant = { id: grantId, status: 'active' } as TGrant;
const report = (status: TGrantReport['status'], n: number): TGrantReport => ({
  id: `00000000-0000-4000-8000-00000000002${n}`,
  grantId,
  planId: `00000000-0000-4000-8000-00000000003${n}`,
  name: `Report ${n}`,
  dueAt: '2027-06-30',
  status,
  submissionId: null,
  formCallId: '00000000-0000-4000-8000-000000000040',
  submittedAt: null,
  approvedAt: null,
  actualSroi: null,
});
const tranche = (status: TTranche['status'], n: number) => aTranche(status, n, { grantId });

/** The grant's reports and tranches as the server answers them. */
function serve(reports: TGrantReport[], tranches: TTranche[]) {
  serveJson((url) => (url.includes('GetReports') ? reports : tranches));
}

function show() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CloseGrant grant={grant} closing={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Close the grant', () => {
  it('says what is still open before the funder closes: reports not approved, tranches not paid', async () => {
    await initI18n('en');
    serve(
      [report('approved', 1), report('submitted', 2), report('overdue', 3)],
      [tranche('paid', 1), tranche('payable', 2)],
    );
    show();
    expect(
      await screen.findByText('2 reports not yet approved: Report 2 (Submitted) and Report 3 (Overdue)'),
    ).toBeTruthy();
    expect(await screen.findByText('1 tranche not yet paid: tranche 3, €5,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the grant' })).toBeTruthy();
  });

  it('lists nothing once every report is approved and every tranche paid', async () => {
    await initI18n('fr');
    serve([report('approved', 1)], [tranche('paid', 1)]);
    const view = show();
    // Offered once both lists are known, and then nothing is listed as open.
    await waitFor(() =>
      expect(view.getByRole('button', { name: 'Clôturer la subvention' }).hasAttribute('disabled')).toBe(false),
    );
    expect(view.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('is not offered while what is still open cannot be known, and says why', async () => {
    await initI18n('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } })),
      ),
    );
    const view = show();
    expect(await view.findByRole('alert')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Close the grant' }).hasAttribute('disabled')).toBe(true);
  });
});
