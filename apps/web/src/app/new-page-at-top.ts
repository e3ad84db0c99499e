import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened by a link or a button starts at its top, as a page loaded by the browser does (it
 * opened part-scrolled when the page before was, its back link under the header). Only a new path
 * moves the page: a tab, a filter or a page of results in the address keeps it where it is. Back
 * and Forward are left to the browser, which returns to where the reader was when it can; keeping
 * positions by path instead sent the wizard's Previous to where a step had been left.
 */
export function useNewPageAtTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  // Before the new page's own effects: one that brings something into view (the call the reader
  // came for) must not be undone by this.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0 });
  }, [pathname, navigationType]);
}
