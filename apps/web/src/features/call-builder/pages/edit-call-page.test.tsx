import type { TCall } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { callBuilderKeys } from '../api/keys';
import { EditCallPage } from './edit-call-page';
import { aCall, changedSince, jsonResponse } from './editor-test-data';

const mine = aCall({ name: 'Bando', draft: false });
const callId = mine.id;
// A colleague turned the applicants' e-mail filter on meanwhile: a field this form does not show.
const theirs: TCall = {
  ...mine,
  isUserFilterEnable: true,
  userFilterEmail: 'anna@ente.example',
  updatedAt: '2027-01-05T00:00:00.000Z',
};
const json = jsonResponse;

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the simple edit form of a call', () => {
  it('on a save over a colleague’s, saves mine only when asked, keeping the fields it does not show as they are now', async () => {
    const sent: Array<Record<string, unknown>> = [];
    // What the server holds: mine when the form opens; the colleague saves just before I do.
    let current = mine;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/UpdateCall')) {
          const body = JSON.parse(String(init?.body));
          sent.push(body);
          current = theirs;
          if (body.basedOnUpdatedAt !== theirs.updatedAt) return changedSince();
          return json(200, { ...theirs, name: body.name });
        }
        if (path.endsWith('/Call/GetCallByIdAdmin')) return json(200, current);
        return new Promise<Response>(() => {});
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(callBuilderKeys.call(callId), mine);
    const view = within(
      render(
        <QueryClientProvider client={client}>
          <MantineProvider>
            <MemoryRouter initialEntries={[`/admin/calls/edit/call/${callId}`]}>
              <Routes>
                <Route path="/admin/calls/edit/call/:callId" element={<EditCallPage />} />
                <Route path="/admin" element={<p>the calls list</p>} />
              </Routes>
            </MemoryRouter>
          </MantineProvider>
        </QueryClientProvider>,
      ).container,
    );
    fireEvent.change(view.getByRole('textbox', { name: /Call name/ }), { target: { value: 'Bando 2027' } });
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    const alert = await view.findByRole('region', { name: 'Someone else saved this call' });
    expect(sent[0]).toMatchObject({ name: 'Bando 2027', basedOnUpdatedAt: mine.updatedAt });
    fireEvent.click(within(alert).getByRole('button', { name: 'Save my changes anyway' }));
    await view.findByText('the calls list', {}, { timeout: 5_000 });
    expect(sent[1]).toMatchObject({
      name: 'Bando 2027',
      basedOnUpdatedAt: theirs.updatedAt,
      isUserFilterEnable: true,
      userFilterEmail: 'anna@ente.example',
    });
  });
});
