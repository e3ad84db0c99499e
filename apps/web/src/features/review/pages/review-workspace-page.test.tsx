import type { TMyAssignment } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { setSession } from '../../../lib/session-store';
import { reviewKeys } from '../api/keys';
import { ReviewWorkspacePage } from './review-workspace-page';

const assignmentId = '00000000-0000-4000-8000-000000000001';
const assignment: TMyAssignment = {
  assignmentId,
  callId: '00000000-0000-4000-8000-000000000002',
  callName: 'Bando Impatto',
  submissionId: '00000000-0000-4000-8000-000000000003',
  organizationName: 'Cooperativa Aurora',
  status: 'toReview',
};
const user = {
  id: '00000000-0000-4000-8000-000000000009',
  firstName: 'Rita',
  lastName: 'R',
  email: 'r@x.org',
  roles: [],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The workspace of the assignment as the server gives it, with the review given. */
const workspace = (review: { comment: string; version: number }) => ({
  assignmentId,
  callName: 'Bando Impatto',
  blind: false,
  criteria: [],
  submission: {
    callName: 'Bando Impatto',
    configLogo: null,
    configLogoWidth: 50,
    configLogoHeight: 50,
    submittedBy: '',
    submissionDateTime: null,
    submissionId: assignment.submissionId,
    orgName: 'Cooperativa Aurora',
    pIva: '',
    address: '',
    city: '',
    country: '',
    userReferenteNome: '',
    userReferenteCognome: '',
    userReferenteRuolo: '',
    userReferenteEmail: '',
    sectionsForPDF: [],
    attachments: [],
    miniDyi: [],
    translations: {},
  },
  files: [],
  review: { scores: [], recommendation: null, submittedAt: null, updatedAt: '2026-11-30T10:00:00.000Z', ...review },
});

/** The workspace page of the assignment, as the router shows it. */
const renderPage = (client: QueryClient) =>
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[`/review/${assignmentId}`]}>
          <Routes>
            <Route path="/review/:assignmentId" element={<ReviewWorkspacePage />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  setSession({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('the review workspace', () => {
  it('lets a reviewer who has joined the organization since declare the conflict, and nothing else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Review/GetMyAssignments')) return json(200, [assignment]);
        if (path.endsWith('/Review/GetReviewWorkspace'))
          return json(409, {
            type: '/problems/conflict',
            title: 'Conflict',
            status: 409,
            messageKey: 'errors.review.joinedOrganization',
          });
        return new Promise<Response>(() => {});
      }),
    );
    setSession({ status: 'authenticated', token: 't', user });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = renderPage(client);
    // Queries stay inside this render: a worker's files share one document.
    const page = within(view.container);
    expect(await page.findByText(/You have become a member of this organization/)).toBeTruthy();
    expect(page.getByRole('button', { name: 'I have a conflict' })).toBeTruthy();
    expect(page.queryByRole('button', { name: 'I have no conflict' })).toBeNull();
    view.unmount();
  });
  it('keeps the workspace, and the scores being typed, when a refresh of it fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Review/GetMyAssignments')) return json(200, [assignment]);
        if (path.endsWith('/Review/GetReviewWorkspace')) throw new TypeError('Failed to fetch');
        return new Promise<Response>(() => {});
      }),
    );
    setSession({ status: 'authenticated', token: 't', user });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const shown = workspace({ comment: 'half a thought', version: 1 });
    client.setQueryData(reviewKeys.workspace(assignmentId), shown);
    const view = renderPage(client);
    const page = within(view.container);
    await waitFor(() => expect(client.getQueryState(reviewKeys.workspace(assignmentId))?.status).toBe('error'));
    expect((page.getByLabelText('Overall comment') as HTMLTextAreaElement).value).toBe('half a thought');
    view.unmount();
  });

  it('keeps what is being typed when the workspace is read again, and takes a newer review while nothing is typed', async () => {
    let answer = workspace({ comment: 'half a thought', version: 1 });
    const reads: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Review/GetMyAssignments')) return json(200, [assignment]);
        // Answered when let through, with what the server holds then.
        if (path.endsWith('/Review/GetReviewWorkspace'))
          return new Promise<Response>((resolve) => reads.push(() => resolve(json(200, answer))));
        return new Promise<Response>(() => {});
      }),
    );
    setSession({ status: 'authenticated', token: 't', user });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Drawn from the copy kept since the last visit while it is read again.
    client.setQueryData(reviewKeys.workspace(assignmentId), answer);
    const view = renderPage(client);
    const page = within(view.container);
    const box = () => page.getByLabelText('Overall comment') as HTMLTextAreaElement;
    await page.findByLabelText('Overall comment');
    // The application's sections stand under its own heading (axe heading-order: h3 straight after h1).
    expect(page.getByRole('heading', { level: 2, name: 'Cooperativa Aurora' })).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'half a thought, and the rest' } });
    // What is read meanwhile is newer (another tab saved): still not over what is being typed.
    answer = workspace({ comment: 'saved in the other tab', version: 3 });
    await waitFor(() => expect(reads).toHaveLength(1));
    reads[0]?.();
    await waitFor(() => expect(client.getQueryState(reviewKeys.workspace(assignmentId))?.fetchStatus).toBe('idle'));
    expect(box().value).toBe('half a thought, and the rest');
    view.unmount();

    // Nothing typed: a review saved since in another tab is shown.
    answer = workspace({ comment: 'finished in the other tab', version: 3 });
    client.setQueryData(reviewKeys.workspace(assignmentId), workspace({ comment: 'half a thought', version: 1 }));
    const again = renderPage(client);
    await waitFor(() => expect(reads).toHaveLength(2));
    reads[1]?.();
    await waitFor(() =>
      expect((within(again.container).getByLabelText('Overall comment') as HTMLTextAreaElement).value).toBe(
        'finished in the other tab',
      ),
    );
    again.unmount();
  });
});
