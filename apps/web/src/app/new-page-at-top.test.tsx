import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The page's height as the browser would lay it out (jsdom lays out nothing). */
let pageHeight = 0;
/** Where the window is scrolled: jsdom does not scroll, so scrollTo is recorded and obeyed here. */
const scrollTo = vi.fn(({ top }: { top: number }) => {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
});

/** The reader scrolls the page to `top` themselves. */
function readerScrollsTo(top: number) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** The reader left /calls at `top` for /grants and comes Back while the list is still short. */
async function backToAListStillLoading(top: number) {
  const router = showAt('/calls');
  readerScrollsTo(top);
  await act(() => router.navigate('/grants'));
  pageHeight = 900;
  await act(() => router.navigate(-1));
  return router;
}

beforeEach(() => {
  sessionStorage.clear();
  pageHeight = 3000;
  scrollTo.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(document.documentElement, 'scrollHeight', { get: () => pageHeight, configurable: true });
  readerScrollsTo(0);
});

afterEach(() => vi.unstubAllGlobals());

describe('a new page starts at its top', () => {
  it('moves to the top when a link opens another path, not when only the address query changes', async () => {
    const router = showAt('/admin/calls/1?tab=grants');
    readerScrollsTo(600);
    await act(() => router.navigate('/admin/calls/1?tab=portfolio&sdg=10'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/grants/7'));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    readerScrollsTo(300);
    await act(() => router.navigate('/call/9/2/0', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(window.scrollY).toBe(0);
  });

  it('goes back to where the reader was on that page, once a list still loading is tall enough', async () => {
    const router = showAt('/admin?tab=calls');
    readerScrollsTo(1800);
    await act(() => router.navigate('/admin/calls/1'));
    expect(window.scrollY).toBe(0);
    // Back: the list is drawn short at first, then its rows arrive.
    pageHeight = 900;
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=calls');
    expect(window.scrollY).toBeLessThan(1800);
    pageHeight = 3000;
    await waitFor(() => expect(window.scrollY).toBe(1800));
  });

  it('stops going back there once the reader scrolls or types', async () => {
    await backToAListStillLoading(1500);
    window.dispatchEvent(new Event('wheel'));
    readerScrollsTo(100);
    pageHeight = 3000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.scrollY).toBe(100);
  });

  it('stops going back there once the reader scrolls elsewhere by other means (a scroll bar dragged)', async () => {
    await backToAListStillLoading(1500);
    readerScrollsTo(40);
    pageHeight = 3000;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.scrollY).toBe(40);
  });

  it('keeps the place meant when the reader leaves again before the page was tall enough to reach it', async () => {
    const router = await backToAListStillLoading(1500);
    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/grants');
    pageHeight = 3000;
    await act(() => router.navigate(-1));
    await waitFor(() => expect(window.scrollY).toBe(1500));
  });

  it('leaves the page still for the skip link’s #main (the same page)', async () => {
    const router = showAt('/calls');
    readerScrollsTo(700);
    await act(() => router.navigate('/calls#main'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(window.scrollY).toBe(700);
  });

  it('opens the wizard’s Previous step (a new entry) at its top, not where that step was left', async () => {
    const router = showAt('/call/9/0/0');
    readerScrollsTo(1200);
    await act(() => router.navigate('/call/9/1/0'));
    readerScrollsTo(700);
    await act(() => router.navigate('/call/9/0/0'));
    expect(window.scrollY).toBe(0);
  });
});
