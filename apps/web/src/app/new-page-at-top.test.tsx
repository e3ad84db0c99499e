import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNewPageAtTop } from './new-page-at-top';

function Page() {
  useNewPageAtTop();
  return null;
}

function showAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('a new page starts at its top', () => {
  it('moves to the top when a link opens another path, not when only the address query changes', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const router = showAt('/admin/calls/1?tab=grants');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/admin/calls/1?tab=portfolio&sdg=10'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/grants/7'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    await act(() => router.navigate('/call/9/2/0', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('leaves Back and Forward to the browser, which returns to where the reader was', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const router = showAt('/calls');
    await act(() => router.navigate('/grants'));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/calls');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
