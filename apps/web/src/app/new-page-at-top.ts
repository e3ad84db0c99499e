import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long Back waits for a page still loading to grow tall enough to return to where it was. */
const RESTORE_FOR_MS = 3000;
/** Where the reader was on each entry of this tab's history (React Router's key per entry). */
const STORE = 'impact-calls.scroll-positions';
/** Entries remembered: the most recent ones, enough for any Back a person presses. */
const KEEP = 50;
/**
 * An entry of the history: React Router's key, or for an entry it did not make (the first page
 * loaded, one the `#main` skip link added), all of which share the key "default", that and its page.
 */
const entryOf = ({ key, pathname, search }: { key: string; pathname: string; search: string }) =>
  key === 'default' ? `default ${pathname}${search}` : key;

type Restoring = { key: string; target: number } | null;

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function remember(key: string, top: number | null) {
  const all = positions();
  delete all[key];
  if (top !== null) all[key] = top;
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP))) delete all[old];
  try {
    sessionStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    // Storage full or refused: Back then starts at the top, as a new page.
  }
}

/**
 * A page opened by a link or a button starts at its top, as a page loaded by the browser does (it
 * opened part-scrolled when the page before was, its back link under the header). Only a new path
 * moves the page: a tab, a filter or a page of results in the address keeps it where it is, and a
 * `#main` skip link is the same page. Back, Forward and a reload return to where the reader was on
 * that entry, once the page has grown tall enough (a list loads after it is drawn), unless the
 * reader scrolls first. Kept by entry, not by path: by path, the wizard's Previous (a new entry)
 * went to where the step had been left.
 */
export function useNewPageAtTop() {
  const { pathname, search, key } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef({ pathname, search, key });
  const y = useRef(0);
  const restoring = useRef<Restoring>(null);

  useEffect(() => {
    // The browser's own restoring runs before the page before is drawn again: it would land anywhere.
    window.history.scrollRestoration = 'manual';
    const track = () => {
      y.current = window.scrollY;
    };
    const leave = () => remember(entryOf(shown.current), restoring.current?.target ?? y.current);
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', leave);
    // Reloaded, or come back to from another site: where the reader was on this entry (an address
    // typed or a link followed opens at the top, as any page).
    const [load] = performance.getEntriesByType?.('navigation') ?? [];
    const returning = ['reload', 'back_forward'].includes(
      (load as PerformanceNavigationTiming | undefined)?.type ?? '',
    );
    const saved = returning ? positions()[entryOf(shown.current)] : undefined;
    const stop = saved === undefined ? undefined : returnTo(saved, entryOf(shown.current), restoring);
    return () => {
      stop?.();
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', leave);
    };
  }, []);

  // Before the new page's own effects, so that one bringing something into view on a new page (the
  // call the reader came for) is not undone by the move to the top.
  useLayoutEffect(() => {
    const before = shown.current;
    if (before.key === key) return;
    shown.current = { pathname, search, key };
    if (before.pathname === pathname && before.search === search) return;
    // Left while still returning there: the place meant, not where the loading page had got to.
    const leftAt = restoring.current?.key === entryOf(before) ? restoring.current.target : y.current;
    restoring.current = null;
    remember(entryOf(before), navigationType === 'REPLACE' ? null : leftAt);
    if (navigationType === 'POP') {
      const entry = entryOf({ key, pathname, search });
      const target = positions()[entry];
      if (target !== undefined) return returnTo(target, entry, restoring);
    }
    if (before.pathname !== pathname) window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search, key, navigationType]);
}

const READER_ACTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `top` as soon as the page is tall enough; gives up after a while, when the reader
 * acts or scrolls elsewhere (a scroll bar dragged, a screen reader's reading). Returns what
 * cancels it when the reader goes on to another page (`restoring` then still names the place).
 */
function returnTo(top: number, key: string, restoring: RefObject<Restoring>): () => void {
  restoring.current = { key, target: top };
  const until = Date.now() + RESTORE_FOR_MS;
  let frame = 0;
  let set = -1;
  const cancel = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_ACTS) window.removeEventListener(type, finish);
    window.removeEventListener('scroll', movedElsewhere);
  };
  function finish() {
    cancel();
    if (restoring.current?.key === key) restoring.current = null;
  }
  function movedElsewhere() {
    if (Math.abs(window.scrollY - set) > 1) finish();
  }
  for (const type of READER_ACTS) window.addEventListener(type, finish, { passive: true });
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    set = Math.min(top, Math.max(0, reachable));
    window.scrollTo({ top: set, left: 0 });
    if (reachable >= top || Date.now() > until) return finish();
    frame = requestAnimationFrame(attempt);
  };
  window.addEventListener('scroll', movedElsewhere, { passive: true });
  attempt();
  return cancel;
}
