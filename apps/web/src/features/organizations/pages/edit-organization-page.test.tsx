import { DEFAULT_CONFIG, type TConfig, type TOrganization } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from '../../../lib/api/get-config';
import { initI18n } from '../../../lib/i18n/i18n';
import { organizationQueryKey } from '../api/get-organization';
import { EditOrganizationPage } from './edit-organization-page';
import { sampleOrganization } from './organization-test-data';

const mine = sampleOrganization;
// Another owner moved the organization to Parma meanwhile.
const theirs: TOrganization = { ...mine, city_name: 'Parma', updatedAt: '2027-01-05T00:00:00.000Z' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const changedSince = () =>
  json(409, {
    type: '/problems/conflict',
    title: 'Conflict',
    status: 409,
    messageKey: 'errors.organizations.changedSince',
  });

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

/** The server: `mine` when the page opens, `theirs` once the other owner has saved (or a failed read). */
function stubServer(readFails = false) {
  const sent: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      const path = new URL(url).pathname;
      if (path.endsWith('/Organization/UpdateOrganization')) {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        if (body.basedOnUpdatedAt !== theirs.updatedAt) return changedSince();
        return json(200, { ...theirs, ...body, updatedAt: '2027-01-06T00:00:00.000Z' });
      }
      if (path.endsWith('/Organization/GetOrganizationById'))
        return readFails
          ? json(502, {
              type: '/problems/unavailable',
              title: 'Bad gateway',
              status: 502,
              messageKey: 'errors.unexpected',
            })
          : json(200, theirs);
      return new Promise<Response>(() => {});
    }),
  );
  return sent;
}

function showPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(configQueryKey, { ...DEFAULT_CONFIG, id: 'c' } as TConfig);
  client.setQueryData(organizationQueryKey(mine.id), mine);
  return within(
    render(
      <QueryClientProvider client={client}>
        <MantineProvider>
          <MemoryRouter initialEntries={[`/org/edit/${mine.id}`]}>
            <div id="main" tabIndex={-1}>
              <Routes>
                <Route path="/org/edit/:organizationId" element={<EditOrganizationPage />} />
                <Route path="/org/list" element={<p>the organizations list</p>} />
              </Routes>
            </div>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    ).container,
  );
}

describe('saving an organization with a mistake', () => {
  it('shows the error on its field and puts the keyboard there, sending nothing', async () => {
    const sent = stubServer();
    const view = showPage();
    const email = view.getByRole('textbox', { name: /E-mail/ });
    fireEvent.change(email, { target: { value: 'giulia@' } });
    fireEvent.click(view.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(sent).toEqual([]);
  });
});

describe('editing an organization another owner saved meanwhile', () => {
  it('keeps my changes in the form and saves them over theirs only when asked', async () => {
    const sent = stubServer();
    const view = showPage();
    fireEvent.change(view.getByRole('textbox', { name: /City/ }), { target: { value: 'Modena' } });
    fireEvent.click(view.getByRole('button', { name: 'Save changes' }));
    const alert = await view.findByRole('region', { name: 'Someone else saved this organization' });
    expect(alert.textContent).toContain('saved again after you opened them');
    expect(sent).toEqual([expect.objectContaining({ city_name: 'Modena', basedOnUpdatedAt: mine.updatedAt })]);
    expect((view.getByRole('textbox', { name: /City/ }) as HTMLInputElement).value).toBe('Modena');
    // The alert is where focus goes (the Save button may be far below it).
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // A change made after the refusal is saved too: "save mine" sends the form as it is now.
    fireEvent.change(view.getByRole('textbox', { name: /City/ }), { target: { value: 'Modena e Reggio' } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Save my changes anyway' }));
    await view.findByText('the organizations list', {}, { timeout: 5_000 });
    // Over the version stored when the person chose.
    expect(sent[1]).toEqual(
      expect.objectContaining({ city_name: 'Modena e Reggio', basedOnUpdatedAt: theirs.updatedAt }),
    );
  });

  it('loads their version in place of my changes when asked, and saves from it', async () => {
    const sent = stubServer();
    const view = showPage();
    fireEvent.change(view.getByRole('textbox', { name: /City/ }), { target: { value: 'Modena' } });
    fireEvent.click(view.getByRole('button', { name: 'Save changes' }));
    const loadTheirs = within(
      await view.findByRole('region', { name: 'Someone else saved this organization' }),
    ).getByRole('button', { name: /Load their version/ });
    loadTheirs.focus();
    fireEvent.click(loadTheirs);
    await view.findByDisplayValue('Parma');
    expect(view.queryByRole('region', { name: 'Someone else saved this organization' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    fireEvent.click(view.getByRole('button', { name: 'Save changes' }));
    await view.findByText('the organizations list', {}, { timeout: 5_000 });
    expect(sent.at(-1)).toEqual(expect.objectContaining({ city_name: 'Parma', basedOnUpdatedAt: theirs.updatedAt }));
  });

  it('keeps the form and what is typed when the version stored now cannot be read', async () => {
    stubServer(true);
    const view = showPage();
    fireEvent.change(view.getByRole('textbox', { name: /City/ }), { target: { value: 'Modena' } });
    fireEvent.click(view.getByRole('button', { name: 'Save changes' }));
    const alert = await view.findByRole('region', { name: 'Someone else saved this organization' });
    fireEvent.click(within(alert).getByRole('button', { name: 'Save my changes anyway' }));
    // The choice stays open once the read has failed (its buttons usable again).
    await waitFor(() =>
      expect((within(alert).getByRole('button', { name: /Load their version/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect((view.getByRole('textbox', { name: /City/ }) as HTMLInputElement).value).toBe('Modena');
    expect(view.queryByText('The organization could not be loaded', { exact: false })).toBeNull();
  });
});
