import type { TGrantReport } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialogsUnavailable } from '../../../lib/confirm-dialog';
import { initI18n } from '../../../lib/i18n/i18n';
import { reportKeys } from '../api/grant-reports';
import { GrantReports, type RequestChangesDialog } from './grant-reports';

const grantId = '00000000-0000-4000-8000-000000000001';
const uuid = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const report = (n: number, patch: Partial<TGrantReport>): TGrantReport => ({
  id: uuid(n),
  grantId,
  planId: uuid(20 + n),
  name: `Report ${n}`,
  dueAt: '2027-01-31',
  status: 'due',
  submissionId: null,
  formCallId: uuid(40 + n),
  submittedAt: null,
  approvedAt: null,
  actualSroi: null,
  ...patch,
});
const sentAt = '2027-01-20T10:00:00Z';
const reports = [
  report(1, { status: 'overdue' }),
  report(2, { status: 'due', submissionId: uuid(62) }),
  report(3, { status: 'submitted', submissionId: uuid(63), submittedAt: sentAt }),
  report(4, { status: 'approved', submissionId: uuid(64), submittedAt: sentAt, approvedAt: sentAt }),
  // Its grant closed before they were sent: no longer asked for.
  report(5, { status: 'notRequired', submissionId: uuid(65) }),
  report(6, { status: 'notRequired' }),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderReports(props: Omit<Parameters<typeof GrantReports>[0], 'grantId'>) {
  const fetchStub = vi.fn(async (url: string, _init: RequestInit) => {
    if (String(url).includes('Grant/StartReport')) return json(200, { submissionId: uuid(99) });
    if (String(url).includes('Grant/ApproveReport'))
      return json(200, { ...reports[2], status: 'approved', approvedAt: sentAt });
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetchStub);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(reportKeys.reports(grantId), reports);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/grants/g']}>
          <Routes>
            <Route path="/grants/g" element={<GrantReports grantId={grantId} {...props} />} />
            <Route path="/call/:submissionId" element={<p>wizard</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return fetchStub;
}
const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const bodies = (stub: ReturnType<typeof vi.fn>, path: string) =>
  stub.mock.calls
    .filter(([url]) => String(url).includes(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeAll(async () => {
  await initI18n('en');
  // The confirmation is asked by the browser's box here (no dialogs' provider mounted).
  dialogsUnavailable();
});
afterEach(() => vi.unstubAllGlobals());
// Web test files share a worker's modules (vitest.config.ts): the next file gets a dialogs' module
// that has not given up on its dialogs.
afterAll(() => vi.resetModules());

describe("a grant's reports", () => {
  it('lets the admin read a submitted report, approve it after confirming, or request changes', async () => {
    const RequestChanges: RequestChangesDialog = ({ submissionId, formCallId }) => (
      <p>
        asking {submissionId} on {formCallId}
      </p>
    );
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const stub = renderReports({ viewer: 'admin', RequestChanges });
    expect(within(row('Report 1')).getByText('Overdue')).toBeTruthy();
    expect(within(row('Report 1')).getByText('Not submitted yet')).toBeTruthy();
    // A report started but not sent is not the admin's to read yet.
    expect(within(row('Report 2')).queryByRole('link')).toBeNull();

    const submitted = row('Report 3');
    expect(within(submitted).getByRole('link', { name: 'Read: Report 3' }).getAttribute('href')).toBe(
      `/call/${uuid(63)}/0/0?readonly=true`,
    );
    fireEvent.click(within(submitted).getByRole('button', { name: 'Request changes: Report 3' }));
    expect(screen.getByText(`asking ${uuid(63)} on ${uuid(43)}`)).toBeTruthy();
    fireEvent.click(within(submitted).getByRole('button', { name: 'Approve: Report 3' }));
    await waitFor(() => expect(bodies(stub, 'Grant/ApproveReport')).toEqual([{ reportId: uuid(3) }]));
    expect(window.confirm).toHaveBeenCalledWith('Approve “Report 3”?');

    // An approved report is read, never approved again; the grantee's actions are not the admin's.
    expect(within(row('Report 4')).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Write the report/ })).toBeNull();
  });

  it('lets an owner or editor write a report, continue one, and read a sent one with its PDF', async () => {
    const stub = renderReports({ viewer: 'grantee', canWrite: true });
    expect(screen.queryByRole('button', { name: /Approve|Request changes/ })).toBeNull();
    expect(within(row('Report 2')).getByRole('link', { name: 'Continue: Report 2' }).getAttribute('href')).toBe(
      `/call/${uuid(62)}`,
    );
    expect(within(row('Report 3')).getByRole('link', { name: 'Read “Report 3”' }).getAttribute('href')).toBe(
      `/call/${uuid(63)}`,
    );
    expect(within(row('Report 3')).getByRole('button', { name: 'Download the PDF' })).toBeTruthy();

    // A report its grant's close no longer asks for is read, neither continued nor started.
    expect(within(row('Report 5')).getByRole('link', { name: 'Read “Report 5”' }).getAttribute('href')).toBe(
      `/call/${uuid(65)}`,
    );
    expect(within(row('Report 5')).queryByRole('link', { name: /Continue/ })).toBeNull();
    expect(within(row('Report 6')).queryByRole('button')).toBeNull();
    expect(within(row('Report 6')).queryByRole('link')).toBeNull();

    fireEvent.click(within(row('Report 1')).getByRole('button', { name: 'Write the report: Report 1' }));
    await screen.findByText('wizard');
    expect(bodies(stub, 'Grant/StartReport')).toEqual([{ reportId: uuid(1) }]);
  });

  it('shows a viewer the reports without starting any', () => {
    renderReports({ viewer: 'grantee', canWrite: false });
    expect(within(row('Report 1')).getByText('Not started yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Write the report/ })).toBeNull();
    expect(within(row('Report 2')).getByRole('link', { name: 'Open: Report 2' })).toBeTruthy();
  });
});
