import type { TConfig, TInvitation, TMember, TOrganization } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { DialogsMounted } from '../../../lib/confirm-dialog';
import { initI18n } from '../../../lib/i18n/i18n';
import { setSession } from '../../../lib/session-store';
import { OrganizationMembersPage } from './organization-members-page';
import { sampleOrganization } from './organization-test-data';

const orgId = '00000000-0000-4000-8000-000000000011';
const owner: TMember = {
  userId: '00000000-0000-4000-8000-000000000021',
  email: 'marco@ilmelo.example',
  firstName: 'Marco',
  lastName: 'Bianchi',
  role: 'owner',
  since: '2027-01-01T00:00:00.000Z',
};
const giulia: TMember = {
  ...owner,
  userId: '00000000-0000-4000-8000-000000000022',
  firstName: 'Giulia',
  lastName: 'Verdi',
  email: 'giulia@ilmelo.example',
  role: 'editor',
};
const invitation: TInvitation = {
  id: '00000000-0000-4000-8000-000000000031',
  email: 'luca@ilmelo.example',
  role: 'viewer',
  invitedAt: '2027-01-02T00:00:00.000Z',
  expiresAt: '2027-01-16T00:00:00.000Z',
};

const organization: TOrganization = { ...sampleOrganization, id: orgId, name: 'Cooperativa Il Melo' };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server: Giulia and the invitation until they are removed. */
function stubServer() {
  let members = [owner, giulia];
  let invitations = [invitation];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      const path = new URL(url).pathname;
      if (path.endsWith('/Organization/GetOrganizationById')) return json(organization);
      if (path.endsWith('/Organization/GetMembers')) return json(members);
      if (path.endsWith('/Organization/GetInvitations')) return json(invitations);
      if (path.endsWith('/Organization/RemoveMember')) {
        members = [owner];
        return new Response(null, { status: 204 });
      }
      if (path.endsWith('/Organization/WithdrawInvitation')) {
        invitations = [];
        return new Response(null, { status: 204 });
      }
      return new Promise<Response>(() => {});
    }),
  );
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the members tab', () => {
  it('gives the focus to the list a removed member or a withdrawn invitation was in, not to the top of the page', async () => {
    stubServer();
    setSession({
      status: 'authenticated',
      token: 't',
      user: { id: owner.userId, firstName: 'Marco', lastName: 'Bianchi', email: owner.email, roles: [] },
    } as never);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(configQueryKey, { name: 'Fondazione Aurora' } as TConfig);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <ModalsProvider>
            <DialogsMounted />
            <MemoryRouter initialEntries={[`/org/members/${orgId}`]}>
              <Routes>
                <Route path="/org/members/:organizationId" element={<OrganizationMembersPage />} />
              </Routes>
            </MemoryRouter>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Giulia Verdi' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Giulia Verdi' })).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('members-title'));

    // As by keyboard: the button has the focus when it is pressed.
    const withdraw = await screen.findByRole('button', { name: /luca@ilmelo\.example/ });
    withdraw.focus();
    fireEvent.click(withdraw);
    await waitFor(() => expect(screen.queryByRole('button', { name: /luca@ilmelo\.example/ })).toBeNull());
    await waitFor(() => expect(document.activeElement?.id).toBe('invitations-title'));
  });
});
