import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n/i18n';
import { aCall, jsonResponse } from '../pages/editor-test-data';
import { NewCallDialog } from './new-call-dialog';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

function Opener() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <NewCallDialog opened={open} onClose={() => setOpen(false)} />
      {!open && <p>the calls list</p>}
    </>
  );
}

/** The dialog over the calls list, with the server's answers to CreateCall counted. */
function renderDialog() {
  const created: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      if (new URL(url).pathname.endsWith('/Call/CreateCall')) {
        const body = JSON.parse(String(init?.body));
        created.push(body);
        return jsonResponse(200, aCall({ id: '00000000-0000-4000-8000-0000000000aa', name: body.name }));
      }
      return new Promise<Response>(() => {});
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/admin']}>
          <Routes>
            <Route path="/admin" element={<Opener />} />
            <Route path="/admin/calls/:callId" element={<p>the editor</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return created;
}

describe('the New call dialog', () => {
  it('creates nothing when closed, or when the name is left empty', async () => {
    const created = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Create the call' }));
    expect(await screen.findByText('Write the call’s name.')).toBeTruthy();
    // The keyboard is taken to the field to mend.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Name of the call/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Name of the call/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the call' }));
    await screen.findByText('Write the call’s name.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('the calls list');
    expect(created).toEqual([]);
  });

  it('creates the call with the name written, trimmed, and opens it in the editor', async () => {
    const created = renderDialog();
    fireEvent.change(await screen.findByRole('textbox', { name: /Name of the call/ }), {
      target: { value: '  Orti in città 2027 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create the call' }));
    await screen.findByText('the editor', {}, { timeout: 5_000 });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'Orti in città 2027', callType: { steps: [] } });
  });
});
