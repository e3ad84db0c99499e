import type { TConfig } from '@impact/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQueryKey } from './api/get-config';
import { PageAnnouncer } from './page-title';

function Shell() {
  return (
    <>
      <div id="main">
        <Outlet />
      </div>
      <PageAnnouncer />
    </>
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(configQueryKey, { name: 'Impact Calls' } as TConfig);
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/calls', element: <h1 key="calls">Calls</h1> },
          { path: '/grants', element: <h1 key="grants">Grants</h1> },
        ],
      },
    ],
    { initialEntries: ['/calls'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('the page announcer', () => {
  it('moves the focus to a new page’s heading, scrolling to it; on Back it does not scroll the page up to it', async () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const router = show();
    await act(() => router.navigate('/grants'));
    await waitFor(() => expect(document.activeElement?.outerHTML).toBe('<h1 tabindex="-1">Grants</h1>'));
    expect(focus).toHaveBeenCalledWith({ preventScroll: false });
    focus.mockClear();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.activeElement?.outerHTML).toBe('<h1 tabindex="-1">Calls</h1>'));
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(focus).not.toHaveBeenCalledWith({ preventScroll: false });
  });
});
