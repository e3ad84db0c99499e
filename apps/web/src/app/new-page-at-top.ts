import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long Back waits for a page still loading to grow tall enough to return to where it was. */
const RESTORE_FOR_MS = 3000;

/** Where the reader was on each entry of this tab's history (React Router's key per entry). */
const positions = new Map<string, number>();

/**
 * A page opened by a link or a button starts at its top, as a page loaded by the browser does (it
 * opened part-scrolled when the page before was, its back link under the header). Only a new path
 * moves the page: a tab, a filter or a page of results in the address keeps it where it is. Back
 * and Forward return to where the reader was on that entry, once the page has grown tall enough
 * (a list loads after it is drawn), unless the reader scrolls first. Kept by entry, not by path:
 * by path, the wizard's Previous (a new entry) went to where the step had been left.
 */
export function useNewPageAtTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef({ pathname, key });
  const y = useRef(0);

  useEffect(() => {
    // The browser's own restoring runs before the page before is drawn again: it would land anywhere.
    window.history.scrollRestoration = 'manual';
    const track = () => {
      y.current = window.scrollY;
    };
    window.addEventListener('scroll', track, { passive: true });
    return () => window.removeEventListener('scroll', track);
  }, []);

  // Before the new page's own effects: one that brings something into view (the call the reader
  // came for) must not be undone by this.
  useLayoutEffect(() => {
    const before = shown.current;
    if (before.key === key) return;
    positions.set(before.key, y.current);
    shown.current = { pathname, key };
    if (navigationType === 'POP') {
      const target = positions.get(key);
      if (target !== undefined) return returnTo(target);
    } else if (before.pathname !== pathname) {
      window.scrollTo({ top: 0, left: 0 });
    }
  }, [pathname, key, navigationType]);
}

/** Scrolls to `top` as soon as the page is tall enough; gives up after a while or when the reader acts. */
function returnTo(top: number): () => void {
  const until = Date.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo({ top: Math.min(top, Math.max(0, reachable)), left: 0 });
    if (reachable >= top || Date.now() > until) return stop();
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}
