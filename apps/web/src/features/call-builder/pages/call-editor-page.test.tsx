import type { TCall, TCallType, TStepType } from '@impact/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { callBuilderKeys } from '../api/keys';
import { CallEditorPage } from './call-editor-page';
import { aCall, changedSince, jsonResponse } from './editor-test-data';

const draftCall = aCall({ openingAt: '2026-02-01T00:00:00.000Z', closingAt: '2026-04-01T00:00:00.000Z' });
const callId = draftCall.id;
const callTypeId = draftCall.callTypeId;
const callType: TCallType = { id: callTypeId, name: '', description: '', steps: [] };
const json = jsonResponse;

const notFound = () =>
  json(404, { type: '/problems/not-found', title: 'Not found', status: 404, messageKey: 'errors.notFound' });

/** A query client holding `call`, its call type and the step types, as the editor finds them loaded. */
function loadedWith(call: TCall, stepTypes: TStepType[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(callBuilderKeys.call(callId), call);
  client.setQueryData([...callBuilderKeys.callTypes(), callTypeId], callType);
  client.setQueryData(callBuilderKeys.stepTypes(), stepTypes);
  return client;
}

const textType: TStepType = { id: '00000000-0000-4000-8000-0000000000d1', name: 'text' };
/** A text step of the call, asking `question` (HTML). */
const aTextStep = (question: string): TCall['steps'][number] => ({
  id: '00000000-0000-4000-8000-0000000000c2',
  name: 'Progetto',
  description: '',
  content: JSON.stringify({ question }),
  sort: 0,
  stepTypeId: textType.id,
  stepType: { name: 'text' },
  expectedAnswers: null,
  subSteps: [],
  translations: {},
  stage: 1,
});

/** The address's query, where a test can read it. */
function AddressQuery() {
  return <output data-testid="address-query">{useLocation().search}</output>;
}

/** The editor of `callId` as the app routes it, in the layout's main region, with the calls list behind /admin. */
function showEditor(client: QueryClient, tabs: { RemindersTab?: ComponentType<{ callId: string }> } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <div id="main" tabIndex={-1}>
              <Outlet />
            </div>
            <Link to="/somewhere-else">elsewhere</Link>
            <AddressQuery />
          </>
        ),
        children: [
          {
            path: '/admin/calls/:callId',
            element: (
              <CallEditorPage
                CustomFileTab={() => null}
                ReviewTab={() => null}
                GrantsTab={() => null}
                RemindersTab={tabs.RemindersTab ?? (() => null)}
              />
            ),
          },
          { path: '/admin', element: <p>the calls list</p> },
          { path: '/somewhere-else', element: <p>another page</p> },
        ],
      },
    ],
    { initialEntries: [`/admin/calls/${callId}`] },
  );
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

/** The server of a new call being discarded: once deleted, the call and its type answer 404. */
function stubDiscardingServer(stored: TCall = draftCall) {
  const server = { deleted: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      const path = new URL(url).pathname;
      if (path.endsWith('/Call/DeleteCall')) {
        server.deleted = true;
        return new Response(null, { status: 204 });
      }
      if (path.endsWith('/Call/GetCallByIdAdmin')) return server.deleted ? notFound() : json(200, stored);
      if (path.endsWith('/Call/GetCallType')) return server.deleted ? notFound() : json(200, callType);
      if (path.endsWith('/Step/GetStepTypes')) return json(200, []);
      return new Promise<Response>(() => {});
    }),
  );
  return server;
}

/** A server that saves the call: `stored` with the name sent; what was sent, for the test to read. */
function stubSavingServer(stored: TCall, stepTypes: TStepType[] = []) {
  const sent: Array<{ name: string; basedOnUpdatedAt?: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      const path = new URL(url).pathname;
      if (path.endsWith('/Call/UpdateCall')) {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return json(200, { ...stored, name: body.name });
      }
      if (path.endsWith('/Call/GetCallByIdAdmin')) return json(200, stored);
      if (path.endsWith('/Call/GetCallType')) return json(200, callType);
      if (path.endsWith('/Step/GetStepTypes')) return json(200, stepTypes);
      return new Promise<Response>(() => {});
    }),
  );
  return sent;
}

/** A tab with a form of its own that reports what it holds unsaved, as the reminders tab does. */
function ReminderTabWithAField() {
  const [days, setDays] = useState('');
  useUnsavedChanges(days !== '');
  return (
    <label>
      Days before
      <input value={days} onChange={(e) => setDays(e.target.value)} />
    </label>
  );
}

/** Renames the call and saves; the choice the editor offers once the save is refused. */
async function saveRenamedRefused(view: ReturnType<typeof within>, name: string) {
  fireEvent.change(view.getByRole('textbox', { name: /Call name/ }), { target: { value: name } });
  fireEvent.click(view.getByRole('button', { name: 'Save call' }));
  return view.findByRole('region', { name: 'Someone else saved this call' });
}

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no layout: a step's form scrolls itself into view when it opens.
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => vi.unstubAllGlobals());

describe('the call editor', () => {
  it('saves a draft as a draft and stays; publishing stops on a step that asks nothing, sending nothing', async () => {
    const call = { ...draftCall, name: 'Bando', steps: [aTextStep('<p></p>')] };
    const sent = stubSavingServer(call, [textType]) as Array<{ draft?: boolean }>;
    const view = within(showEditor(loadedWith(call, [textType])).container);
    fireEvent.click(await view.findByRole('button', { name: 'Save the draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.draft).toBe(true);
    // Still in the editor: a draft is built over days.
    await waitFor(() => expect(view.getByRole('button', { name: 'Save the draft' }).dataset.loading).toBeUndefined());
    expect(screen.queryByText('the calls list')).toBeNull();

    fireEvent.click(view.getByRole('button', { name: 'Publish the call' }));
    await waitFor(
      () =>
        expect(document.activeElement?.textContent).toContain(
          'Step 1 asks no question: write the question applicants answer.',
        ),
      { timeout: 3000 },
    );
    expect(view.getByTestId('step-unfinished').textContent).toBe('To finish');
    expect(sent).toHaveLength(1);
  });

  it('asks before discarding a draft saved before, deleting nothing at one click', async () => {
    const saved = { ...draftCall, name: 'Bando', updatedAt: '2027-01-03T00:00:00.000Z' };
    const server = stubDiscardingServer(saved);
    const view = within(showEditor(loadedWith(saved)).container);
    // Named as the draft it is, not as a new call.
    expect(await view.findByRole('heading', { level: 1, name: 'Draft call “Bando”' })).toBeTruthy();
    fireEvent.click(await view.findByRole('button', { name: 'Discard the draft' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.deleted).toBe(false);
    expect(screen.queryByText('the calls list')).toBeNull();
  });

  it('publishes a draft whose steps are finished, saying so, and goes to the list', async () => {
    const call = { ...draftCall, name: 'Bando', steps: [aTextStep('<p>Perché?</p>')] };
    const sent = stubSavingServer({ ...call, draft: false }, [textType]) as Array<{ draft?: boolean }>;
    const view = within(showEditor(loadedWith(call, [textType])).container);
    fireEvent.click(await view.findByRole('button', { name: 'Publish the call' }));
    await screen.findByText('the calls list', {}, { timeout: 4000 });
    expect(sent.map((body) => body.draft)).toEqual([false]);
  });

  it('saves a published call with a step nobody touched that asks nothing (as the server judges it)', async () => {
    const call = { ...draftCall, name: 'Bando', draft: false, steps: [aTextStep('')] };
    const sent = stubSavingServer(call, [textType]) as Array<{ draft?: boolean }>;
    const view = within(showEditor(loadedWith(call, [textType])).container);
    expect(view.queryByRole('button', { name: 'Publish the call' })).toBeNull();
    fireEvent.click(await view.findByRole('button', { name: 'Save call' }));
    await screen.findByText('the calls list', {}, { timeout: 4000 });
    expect(sent.map((body) => body.draft)).toEqual([false]);
  });

  it('goes to the calls list once a new call is discarded', async () => {
    const server = stubDiscardingServer();
    // As in main.tsx: one retry, so the call type's 404 comes a second after the call's own.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
    client.setQueryData(callBuilderKeys.call(callId), draftCall);
    client.setQueryData([...callBuilderKeys.callTypes(), callTypeId], callType);
    client.setQueryData(callBuilderKeys.stepTypes(), []);
    showEditor(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard the draft' }));
    await screen.findByText('the calls list', undefined, { timeout: 5000 });
    expect(server.deleted).toBe(true);
  });

  it('asks before leaving with the call changed and not saved; stays, or leaves when told', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const call = { ...draftCall, name: 'Bando', draft: false };
    const view = within(showEditor(loadedWith(call)).container);
    fireEvent.change(await view.findByRole('textbox', { name: /Call name/ }), { target: { value: 'Bando 2027' } });
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('The call itself');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((view.getByRole('textbox', { name: /Call name/ }) as HTMLInputElement).value).toBe('Bando 2027');
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await screen.findByText('another page');
  });

  it('takes the keyboard to the first field a save stopped on', async () => {
    const fetchStub = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchStub);
    const call = { ...draftCall, name: 'Bando', draft: false };
    const view = within(showEditor(loadedWith(call)).container);
    const years = await view.findByRole('textbox', { name: /years/i });
    fireEvent.change(years, { target: { value: '0' } });
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    await waitFor(() => expect(document.activeElement).toBe(years));
    expect(years.getAttribute('aria-invalid')).toBe('true');
    expect(fetchStub).not.toHaveBeenCalledWith(expect.stringContaining('UpdateCall'), expect.anything());
  });

  it('takes the keyboard to the steps’ alert when a save stops on a step without a type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const untyped: TCall['steps'][number] = {
      id: '00000000-0000-4000-8000-0000000000c1',
      name: 'Progetto',
      description: '',
      content: '',
      sort: 0,
      stepTypeId: '00000000-0000-0000-0000-000000000000',
      stepType: null,
      expectedAnswers: null,
      subSteps: [],
      translations: {},
      stage: 1,
    };
    const view = within(
      showEditor(loadedWith({ ...draftCall, name: 'Bando', draft: false, steps: [untyped] })).container,
    );
    fireEvent.click(await view.findByRole('button', { name: 'Save call' }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Every step needs a type.'), {
      timeout: 3000,
    });
  });

  it('leaves without asking when every tab was opened and nothing changed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    showEditor(loadedWith({ ...draftCall, name: 'Bando', description: '<p>Un bando.</p>', draft: false }), {
      RemindersTab: ReminderTabWithAField,
    });
    for (const name of ['Steps', 'Power BI', 'E-mail', 'Reminders', 'General Info'])
      fireEvent.click(await screen.findByRole('tab', { name: new RegExp(name) }));
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    await screen.findByText('another page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps what a tab holds unsaved while another is open, and asks about it once the call is saved', async () => {
    const call = { ...draftCall, name: 'Bando', draft: false };
    stubSavingServer(call);
    const view = within(showEditor(loadedWith(call), { RemindersTab: ReminderTabWithAField }).container);
    fireEvent.click(await view.findByRole('tab', { name: 'Reminders' }));
    fireEvent.change(view.getByRole('textbox', { name: 'Days before' }), { target: { value: '3' } });
    fireEvent.click(view.getByRole('tab', { name: 'General Info' }));
    fireEvent.click(view.getByRole('tab', { name: 'Reminders' }));
    expect((view.getByRole('textbox', { name: 'Days before' }) as HTMLInputElement).value).toBe('3');
    // The call itself saves and would go to the list: the reminders typed are asked about first.
    fireEvent.click(view.getByRole('tab', { name: 'General Info' }));
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, { timeout: 5_000 });
    expect(dialog.textContent).toContain('Reminders');
    expect(dialog.textContent).not.toContain('The call itself');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    await waitFor(() =>
      expect(view.getByRole('tab', { name: 'Reminders' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect((view.getByRole('textbox', { name: 'Days before' }) as HTMLInputElement).value).toBe('3');
  });

  it('goes on from the call as saved when Save is stopped to ask about a tab, and the person stays', async () => {
    const call = { ...draftCall, name: 'Bando', draft: false };
    const saved = { ...call, name: 'Bando 2027', updatedAt: '2027-01-05T00:00:00.000Z' };
    const sent = stubSavingServer(saved);
    const view = within(showEditor(loadedWith(call), { RemindersTab: ReminderTabWithAField }).container);
    fireEvent.click(await view.findByRole('tab', { name: 'Reminders' }));
    fireEvent.change(view.getByRole('textbox', { name: 'Days before' }), { target: { value: '3' } });
    fireEvent.click(view.getByRole('tab', { name: 'General Info' }));
    fireEvent.change(view.getByRole('textbox', { name: /Call name/ }), { target: { value: 'Bando 2027' } });
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, { timeout: 5_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and save' }));
    fireEvent.click(view.getByRole('tab', { name: 'General Info' }));
    fireEvent.change(await view.findByRole('textbox', { name: /Call name/ }), { target: { value: 'Bando 2028' } });
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    // Over the version it saved itself, not the one it first loaded (which the server would refuse).
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(expect.objectContaining({ name: 'Bando 2028', basedOnUpdatedAt: saved.updatedAt }));
  });

  it('discards a new call with a tab not saved without asking afterwards: the call is gone', async () => {
    const server = stubDiscardingServer();
    const view = within(showEditor(loadedWith(draftCall), { RemindersTab: ReminderTabWithAField }).container);
    fireEvent.click(await view.findByRole('tab', { name: 'Reminders' }));
    fireEvent.change(view.getByRole('textbox', { name: 'Days before' }), { target: { value: '3' } });
    fireEvent.click(view.getByRole('button', { name: 'Discard the draft' }));
    await screen.findByText('the calls list', undefined, { timeout: 5_000 });
    expect(server.deleted).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("asks before leaving a step's form changed and not put in the call, kept through another tab", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const textType = { id: '00000000-0000-4000-8000-0000000000a1', name: 'text' } as unknown as TStepType;
    const step = {
      id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Project',
      description: '',
      content: JSON.stringify({ question: '<p>Why?</p>' }),
      sort: 0,
      stepTypeId: textType.id,
      stepType: { name: 'text' },
      expectedAnswers: null,
      subSteps: [],
      stage: 1,
      translations: {},
    };
    const client = loadedWith({ ...draftCall, name: 'Bando', draft: false, steps: [step] } as TCall);
    client.setQueryData(callBuilderKeys.stepTypes(), [textType]);
    const view = within(showEditor(client).container);
    fireEvent.click(await view.findByRole('tab', { name: /Steps/ }));
    fireEvent.click(view.getByRole('button', { name: 'Edit: Project' }));
    fireEvent.change(view.getByRole('textbox', { name: /Step name/ }), { target: { value: 'Project 2027' } });
    fireEvent.click(view.getByRole('tab', { name: 'Power BI' }));
    fireEvent.click(view.getByRole('tab', { name: /Steps/ }));
    expect((view.getByRole('textbox', { name: /Step name/ }) as HTMLInputElement).value).toBe('Project 2027');
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('Steps');
  });

  it('writes the tab chosen in the address, so Back from a page opened on it returns to it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    showEditor(loadedWith(draftCall));
    fireEvent.click(await screen.findByRole('tab', { name: 'E-mail' }));
    await waitFor(() => expect(screen.getByTestId('address-query').textContent).toBe('?tab=email'));
  });

  it('keeps the changes on screen when someone else saved meanwhile; saves them over theirs only when asked', async () => {
    const call = {
      ...draftCall,
      name: 'Bando',
      draft: false,
      openingAt: '2027-02-01T00:00:00.000Z',
      closingAt: '2027-04-01T00:00:00.000Z',
      callTypeUpdatedAt: '2027-01-01T00:00:00.000Z',
    };
    // Marta changed the steps too (the call type's version moved with the call's).
    const theirs = {
      ...call,
      name: 'Bando di Marta',
      updatedAt: '2027-01-05T00:00:00.000Z',
      callTypeUpdatedAt: '2027-01-05T00:00:01.000Z',
    };
    const sent: Array<{ name: string; basedOnUpdatedAt?: string; basedOnCallTypeUpdatedAt?: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/UpdateCall')) {
          const body = JSON.parse(String(init?.body));
          sent.push(body);
          if (body.basedOnUpdatedAt !== theirs.updatedAt) return changedSince();
          return json(200, { ...theirs, name: body.name, updatedAt: '2027-01-06T00:00:00.000Z' });
        }
        // What is stored now, and what the saved call's readers ask again before the editor leaves.
        if (path.endsWith('/Call/GetCallByIdAdmin')) return json(200, theirs);
        // Marta renamed the call type as well, once the editor had loaded it.
        if (path.endsWith('/Call/GetCallType'))
          return json(200, sent.length > 0 ? { ...callType, name: 'Tipo di Marta' } : callType);
        if (path.endsWith('/Step/GetStepTypes')) return json(200, []);
        return new Promise<Response>(() => {});
      }),
    );
    const view = within(showEditor(loadedWith(call)).container);
    const alert = await saveRenamedRefused(view, 'Bando 2027');
    expect(alert.textContent).toContain('Another administrator saved this call after you opened it');
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Bando 2027',
        basedOnUpdatedAt: call.updatedAt,
        basedOnCallTypeUpdatedAt: call.callTypeUpdatedAt,
      }),
    ]);
    // Nothing left the page: the name typed is still there.
    const name = view.getByRole('textbox', { name: /Call name/ }) as HTMLInputElement;
    expect(name.value).toBe('Bando 2027');
    // Saving mine checks the draft as Save does: an emptied name stops it, shown, and nothing is sent.
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Save my changes anyway' }));
    expect(await view.findByText('Required')).toBeTruthy();
    expect(sent).toHaveLength(1);
    fireEvent.change(name, { target: { value: 'Bando 2027' } });
    fireEvent.click(within(alert).getByRole('button', { name: 'Save my changes anyway' }));
    await view.findByText('the calls list', {}, { timeout: 5_000 });
    // Over the version stored when the person chose, not over any later one.
    expect(sent[1]).toEqual(
      expect.objectContaining({
        name: 'Bando 2027',
        basedOnUpdatedAt: theirs.updatedAt,
        basedOnCallTypeUpdatedAt: theirs.callTypeUpdatedAt,
      }),
    );
    // The call type's name goes as stored now, not as the editor first loaded it.
    expect(sent[1]).toEqual(expect.objectContaining({ callType: expect.objectContaining({ name: 'Tipo di Marta' }) }));
  });

  it('loads the version saved meanwhile in place of the changes when asked, and saves from it', async () => {
    const call = {
      ...draftCall,
      name: 'Bando',
      draft: false,
      openingAt: '2027-02-01T00:00:00.000Z',
      closingAt: '2027-04-01T00:00:00.000Z',
    };
    const theirs = { ...call, name: 'Bando di Marta', updatedAt: '2027-01-03T00:00:00.000Z' };
    const sent: Array<{ name: string; basedOnUpdatedAt?: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL, init?: RequestInit) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/GetCallByIdAdmin')) return json(200, theirs);
        if (path.endsWith('/Call/UpdateCall')) {
          const body = JSON.parse(String(init?.body));
          sent.push(body);
          return body.basedOnUpdatedAt === theirs.updatedAt
            ? json(200, { ...theirs, name: body.name })
            : changedSince();
        }
        if (path.endsWith('/Call/GetCallType')) return json(200, callType);
        if (path.endsWith('/Step/GetStepTypes')) return json(200, []);
        return new Promise<Response>(() => {});
      }),
    );
    const view = within(showEditor(loadedWith(call)).container);
    const loadTheirs = within(await saveRenamedRefused(view, 'Bando mio')).getByRole('button', {
      name: /Load their version/,
    });
    loadTheirs.focus();
    fireEvent.click(loadTheirs);
    await view.findByDisplayValue('Bando di Marta');
    expect(view.queryByRole('region', { name: 'Someone else saved this call' })).toBeNull();
    // The button went with the alert: focus stays in the page's main region, not on its body.
    await waitFor(() => expect(document.activeElement?.id).toBe('main'));
    fireEvent.click(view.getByRole('button', { name: 'Save call' }));
    await view.findByText('the calls list', {}, { timeout: 5_000 });
    expect(sent.at(-1)).toEqual(
      expect.objectContaining({ name: 'Bando di Marta', basedOnUpdatedAt: theirs.updatedAt }),
    );
  });

  it('keeps the editor and what is typed when the version stored now cannot be read', async () => {
    const call = {
      ...draftCall,
      name: 'Bando',
      draft: false,
      openingAt: '2027-02-01T00:00:00.000Z',
      closingAt: '2027-04-01T00:00:00.000Z',
    };
    // The stored call can be read until the save is refused; then its read fails.
    let refused = false;
    let failedReads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL) => {
        const path = new URL(url).pathname;
        if (path.endsWith('/Call/UpdateCall')) {
          refused = true;
          return changedSince();
        }
        if (path.endsWith('/Call/GetCallByIdAdmin')) {
          if (!refused) return json(200, call);
          failedReads += 1;
          return json(502, {
            type: '/problems/unavailable',
            title: 'Bad gateway',
            status: 502,
            messageKey: 'errors.unexpected',
          });
        }
        if (path.endsWith('/Call/GetCallType')) return json(200, callType);
        if (path.endsWith('/Step/GetStepTypes')) return json(200, []);
        return new Promise<Response>(() => {});
      }),
    );
    const view = within(showEditor(loadedWith(call)).container);
    const choice = await saveRenamedRefused(view, 'Bando 2027');
    fireEvent.click(within(choice).getByRole('button', { name: 'Save my changes anyway' }));
    await waitFor(() => expect(failedReads).toBeGreaterThan(0));
    // Once the read has failed the choice is offered again, and the editor keeps the name typed.
    await waitFor(() =>
      expect((within(choice).getByRole('button', { name: /Load their version/ }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect((view.getByRole('textbox', { name: /Call name/ }) as HTMLInputElement).value).toBe('Bando 2027');
  });
});
