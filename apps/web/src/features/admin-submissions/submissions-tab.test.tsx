import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/i18n';
import { signInForTest } from '../../lib/test-session';
import { SubmissionsTab } from './submissions-tab';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

function Address() {
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <Link to="/admin?tab=submissions&q=Aurora">a link to a search</Link>
    </>
  );
}

describe('the submissions tab’s filters', () => {
  it('are read from the address, so Back to the list finds them, and written to it as they change', async () => {
    signInForTest();
    const asked: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: URL | string) => {
        const address = new URL(String(url), 'http://x');
        if (address.pathname.endsWith('/Call/GetSubmissions')) asked.push(address.searchParams);
        return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <MemoryRouter initialEntries={['/admin?tab=submissions&q=Ponte&status=submitted&outcome=nonsense&call=x']}>
            <Routes>
              <Route
                path="/admin"
                element={
                  <>
                    <SubmissionsTab />
                    <Address />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const search = (await screen.findByRole('textbox', {
      name: 'Search organization, user or reference',
    })) as HTMLInputElement;
    expect(search.value).toBe('Ponte');
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('Ponte'));
    expect(asked.at(-1)?.get('status')).toBe('submitted');
    // A value the tab does not know is no filter (a call that is no id is not sent to be refused).
    expect(asked.at(-1)?.get('outcome')).toBeNull();
    expect(asked.at(-1)?.get('callId')).toBeNull();
    fireEvent.change(search, { target: { value: 'Melo' } });
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('Melo'));
    const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
    await waitFor(() => expect(address().get('q')).toBe('Melo'));
    expect(address().get('tab')).toBe('submissions');
    expect(address().get('status')).toBe('submitted');
    // A search set from elsewhere shows in the box and is not written over by the one typed before.
    fireEvent.click(screen.getByRole('link', { name: 'a link to a search' }));
    await waitFor(() => expect(search.value).toBe('Aurora'));
    await waitFor(() => expect(asked.at(-1)?.get('search')).toBe('Aurora'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(address().get('q')).toBe('Aurora');
  });
});
