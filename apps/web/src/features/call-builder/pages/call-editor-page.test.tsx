import type { TCall, TCallType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { callBuilderKeys } from '../api/keys';
import { CallEditorPage } from './call-editor-page';

const callId = '00000000-0000-4000-8000-000000000001';
const callTypeId = '00000000-0000-4000-8000-000000000002';
const draftCall = {
  id: callId,
  name: '',
  description: '',
  openingAt: '2026-02-01T00:00:00.000Z',
  closingAt: '2026-04-01T00:00:00.000Z',
  callLockEnd: null,
  callTypeId,
  isUserFilterEnable: false,
  userFilterEmail: '',
  powerBIReportID: null,
  powerBIWorkspaceID: null,
  userPowerBIReportID: null,
  userPowerBIWorkspaceID: null,
  steps: [],
  submissionId: '00000000-0000-4000-8000-000000000003',
  submissionClosed: false,
  customFile: null,
  draft: true,
  translations: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} satisfies TCall;
const callType: TCallType = { id: callTypeId, name: '', description: '', steps: [] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const notFound = () =>
  json(404, { type: '/problems/not-found', title: 'Not found', status: 404, messageKey: 'errors.notFound' });

beforeAll(async () => {
  await initI18n('en');
});

describe('the call editor', () => {
  it('goes to the calls list once a new call is discarded', async () => {
    let deleted = false;
    // The server after the discard: the call and its type are gone, so asking for them answers 404.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/DeleteCall')) {
          deleted = true;
          return new Response(null, { status: 204 });
        }
        if (path.endsWith('/Call/GetCallByIdAdmin')) return deleted ? notFound() : json(200, draftCall);
        if (path.endsWith('/Call/GetCallType')) return deleted ? notFound() : json(200, callType);
        if (path.endsWith('/Step/GetStepTypes')) return json(200, []);
        return new Promise<Response>(() => {});
      }),
    );
    // As in main.tsx: one retry, so the call type's 404 comes a second after the call's own.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
    client.setQueryData(callBuilderKeys.call(callId), draftCall);
    client.setQueryData([...callBuilderKeys.callTypes(), callTypeId], callType);
    client.setQueryData(callBuilderKeys.stepTypes(), []);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={[`/admin/calls/${callId}`]}>
            <Routes>
              <Route
                path="/admin/calls/:callId"
                element={
                  <CallEditorPage
                    CustomFileTab={() => null}
                    ReviewTab={() => null}
                    GrantsTab={() => null}
                    RemindersTab={() => null}
                  />
                }
              />
              <Route path="/admin" element={<p>the calls list</p>} />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Discard the draft' }));
    await screen.findByText('the calls list');
    expect(deleted).toBe(true);
    vi.unstubAllGlobals();
  });
});
